# family: trampolines
# reaches: native_code
# layer: runtime
# static: denied
# contextlib.ExitStack calls its callbacks from library code: an extension module outside the
# allowlist is imported (its shared library mapped executable) as if contextlib did it.
import contextlib
import sys

name = "".join(c for c in "re_source" if c != "_")  # so that nothing preloads it
with contextlib.ExitStack() as stack:
    stack.callback(__import__, name)
print(sys.modules[name].getrlimit(sys.modules[name].RLIMIT_NOFILE))

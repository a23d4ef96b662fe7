# family: trampolines
# reaches: native_code
# layer: runtime
# static: denied
# difflib.SequenceMatcher calls its isjunk predicate on every element of the second sequence,
# from library code.
import difflib
import sys

name = "".join(c for c in "audio_op" if c != "_")  # so that nothing preloads it
difflib.SequenceMatcher(__import__, "", [name])
print(sys.modules[name])

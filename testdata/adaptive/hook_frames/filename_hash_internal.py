# family: hook_frames
# reaches: native_code
# layer: runtime
# static: denied
# The hook walks the caller's frames to find the importer and tests each file name for membership
# in a frozenset: a file name that is a str subclass gets its __hash__ called there, while the
# hook's own frame reads are whitelisted. The program's __hash__ reads the stack (allowed in that
# state), keeps the hook's `check`, and disarms it once the hook has returned.
import sys

boot = sys.modules["_frozen_importlib"]._call_with_frames_removed
grabbed = []


class SourceName(str):
    def __hash__(self):
        f = sys._getframe(1)
        while f is not None:
            if "check" in f.f_locals and "busy" in f.f_locals:
                grabbed.append(f.f_locals["check"])
            f = f.f_back
        return str.__hash__(self)


probe = boot(compile, "import colorsys\n", SourceName("probe.py"), "exec")
boot(exec, probe, {})
for check in grabbed:
    for cell in check.__closure__:
        if getattr(cell.cell_contents, "__name__", "") == "violation":
            cell.cell_contents = lambda *args: None

import mmap  # an extension module: its shared library is mapped executable

m = mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
print("executable mapping", m)

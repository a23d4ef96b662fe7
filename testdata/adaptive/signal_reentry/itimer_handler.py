# family: signal_reentry
# reaches: process
# layer: runtime
# static: denied
# A Python signal handler runs between any two bytecodes of the main thread, also in the middle
# of the audit hook. A fast interval timer fires while the program raises harmless events; the
# handler raises no event, it keeps a traceback, whose frame leads (f_back) to the hook's frames
# once the hook has returned. Their closure is disarmed.
import os
import signal
import sys
import traceback

kept = []


def on_alarm(signum, frame_unused):
    try:
        raise TimeoutError(signum)
    except TimeoutError as e:
        kept.append(e.__traceback__)


def hook_check():
    while kept:
        for frame, _ in traceback.walk_tb(kept.pop()):
            while frame is not None:
                if "check" in frame.f_locals and "busy" in frame.f_locals:
                    return frame.f_locals["check"]
                frame = frame.f_back
    return None


signal.signal(signal.SIGALRM, on_alarm)
signal.setitimer(signal.ITIMER_REAL, 0.0005, 0.0005)
check = None
paths = ["/tmp/spool/%d" % n for n in range(40)]
for attempt in range(20000):
    sys.audit("os.remove", *paths)
    check = hook_check()
    if check is not None:
        break
signal.setitimer(signal.ITIMER_REAL, 0)

for cell in check.__closure__ if check is not None else ():  # no hook: nothing to disarm
    if getattr(cell.cell_contents, "__name__", "") == "violation":
        cell.cell_contents = lambda *args: None

pid = os.posix_spawn(sys.executable, [sys.executable, "-c", "print('child process')"], {})
print(os.waitpid(pid, 0))

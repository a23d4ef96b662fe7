# family: signal_reentry
# reaches: network
# layer: runtime
# static: denied
# A refused operation does not end the program, and leaves no trace. The hook ends the process
# with os._exit once it has decided; a signal handler (it gets the interrupted frame as an
# argument, with no audit event) that finds the hook's frame below it raises, and the exception
# unwinds the hook before it reaches its report and os._exit. The socket is still refused, but
# the program goes on and ends with status 0 and no violation in the result.
import signal
import sys
import time

_socket = sys.modules["_socket"]
busy = [False]


class Escape(BaseException):
    pass


fires = [0]
# With no hook, every tick can interrupt the socket call while the test's witness answers it, and
# on a loaded machine the call may never finish between ticks: give up after a second, not only
# after 2000 ticks (at 10 ms a tick under load, 2000 ticks outlast the run's deadline).
give_up = [time.monotonic() + 1.0]


def on_alarm(signum, frame):
    if busy[0]:
        return
    fires[0] += 1
    if fires[0] > 2000 or time.monotonic() > give_up[0]:  # no hook to escape from: let it go on
        signal.setitimer(signal.ITIMER_REAL, 0)
        return
    busy[0] = True
    try:
        f = frame
        for depth in range(4):
            if f is None:
                break
            if "check" in f.f_locals and "event" in f.f_locals:  # the hook's own frame
                signal.setitimer(signal.ITIMER_REAL, 0)
                raise Escape()
            f = f.f_back
    finally:
        busy[0] = False


signal.signal(signal.SIGALRM, on_alarm)
for attempt in range(3):
    try:
        give_up[0] = time.monotonic() + 1.0
        signal.setitimer(signal.ITIMER_REAL, 0.0001, 0.0001)
        s = _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
        print("socket", s.fileno())
    except Escape:
        print("refused, and the program goes on", flush=True)
    except InterruptedError:  # no hook: the timer interrupted the system call itself
        signal.setitimer(signal.ITIMER_REAL, 0)
        print("socket", _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM).fileno())
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
signal.signal(signal.SIGALRM, signal.SIG_IGN)
print("done")

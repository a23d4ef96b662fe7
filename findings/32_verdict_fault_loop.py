import os, signal, threading, sqlite3, time
import _socket
def report_fd():
    for n in os.listdir("/proc/self/fd"):
        try:
            if int(n) > 2 and os.readlink("/proc/self/fd/" + n).startswith("pipe:"):
                return int(n)
        except (OSError, ValueError):
            pass
# A database read through a mapping of its file, then the file truncated: the thread's next read
# faults, in sqlite3_step, without the interpreter lock.
con = sqlite3.connect("db.sqlite", check_same_thread=False)
con.execute("pragma mmap_size=1048576")
con.execute("create table t(x)")
con.executemany("insert into t values (?)", [("x" * 100,)] * 1000)
con.commit()
os.truncate("db.sqlite", 0)
os.dup2(os.open("/dev/null", os.O_WRONLY), report_fd())
sig = signal.SIGRTMAX
signal.pthread_sigmask(signal.SIG_BLOCK, {sig})
limit = 1 << 20
try:
    for line in open("/proc/self/limits"):
        if line.startswith("Max pending signals"):
            limit = int(line.split()[3])
except OSError:
    pass
try:
    for _ in range(limit + 10):
        os.kill(os.getpid(), sig)
except BlockingIOError:
    pass
signal.signal(signal.SIGBUS, lambda s, f: None)
threading.Thread(target=con.execute, args=("select count(*) from t",), daemon=True).start()
time.sleep(0.2)
print("socket next", flush=True)
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
print("after the socket", flush=True)

"""sbxgate's sandbox init: process 1 of every sandbox container.

It runs as python3 -I -B /usr/lib/sbxgate/init.py CONFIG, where CONFIG is a JSON object the runner
writes (limits, granted capabilities, which enforcement layers are on, the modules to preload). It

1. imports the extension modules the allowed module set needs (the kernel filter below refuses any
   native code loaded later), then waits on standard input: this is a warm container;
2. reads one program: a header line {"path": NAME, "size": N} and N bytes of source;
3. forks the program's process, which compiles exactly those bytes under NAME, installs the
   interpreter audit hook, loads the kernel seccomp filter, and runs the program;
4. reads a nonce the runner sends after the program (the program's process never holds it), then
   supervises: the deadline holds here, inside the container, whatever happens to sbxgate;
5. when the program ends or the deadline passes, kills every other process in the container, and
   writes a status line to standard error: a newline, the nonce, a space and a JSON object (exit
   code, signal, timeout, run-time violations). The runner takes the last such line as ours.

Process 1 cannot be killed from inside its own PID namespace, runs no program code, and is not
dumpable (the image makes the interpreter execute-only), so the program cannot reach its memory
through /proc/1/mem. The deadline, the kill of everything and the status line do not depend on
the program's cooperation.
"""

import atexit
import errno
import gc
import io
import json
import linecache
import os
import select
import signal
import sys
import time
import tokenize
import traceback
import types

VIOLATION_EXIT = 159  # 128 + SIGSYS: what the kernel filter's kill looks like, used by the hook too
TIMEOUT_EXIT = 137  # 128 + SIGKILL, as a container killed at its deadline
MAX_SOURCE = 256 << 20
MAX_REPORT = 64 << 10
MAX_LISTED = 16  # violations and witnessed system calls kept in the status line

# x86-64 Linux constants the filters need (the image is amd64).
CLONE_THREAD = 0x00010000
PROT_EXEC = 0x4
SHM_EXEC = 0o100000
AF_UNIX = 1
SECCOMP_IOCTL_NOTIF_RECV = 0xC0502100
SECCOMP_IOCTL_NOTIF_SEND = 0xC0182101
SECCOMP_USER_NOTIF_FLAG_CONTINUE = 1


def fail(msg):
    """A failure of the init itself: say so on stderr and exit 125, never run the program."""
    os.write(2, ("sbxgate sandbox init: %s\n" % msg).encode("utf-8", "replace"))
    os._exit(125)


# ---------------------------------------------------------------------------------------------
# The kernel layer: a seccomp filter the program's process loads before its first byte runs.


def kernel_filter(seccomp, grants, witness):
    """Builds the enforcement filter: default allow, and the process is killed (SIGSYS) by any
    system call that would give it a capability the decision does not grant. Filters cannot be
    removed once loaded; Docker sets no-new-privileges, which loading one needs."""
    kill = seccomp.KILL_PROCESS
    f = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
    # clone3 passes its flags behind a pointer the filter cannot read: answer ENOSYS so glibc
    # falls back to clone, whose flags it can (killing clone3 would kill every thread start).
    f.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
    for name in ("ptrace", "process_vm_readv", "process_vm_writev", "io_uring_setup",
                 "io_uring_enter", "io_uring_register", "bpf", "perf_event_open", "userfaultfd",
                 "add_key", "request_key", "keyctl", "unshare", "setns", "mount", "pivot_root"):
        f.add_rule(kill, name)
    if "process" not in grants:
        for name in ("execve", "execveat", "fork", "vfork"):
            f.add_rule(kill, name)
        f.add_rule(kill, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, CLONE_THREAD, 0))
    if "network" not in grants:
        # AF_UNIX stays: asyncio's event loop needs a socketpair to wake itself.
        f.add_rule(kill, "socket", seccomp.Arg(0, seccomp.NE, AF_UNIX))
        f.add_rule(kill, "socketpair", seccomp.Arg(0, seccomp.NE, AF_UNIX))
    if "native_code" not in grants:
        # No new executable memory: the extension modules were loaded before this point.
        for name in ("mmap", "mprotect", "pkey_mprotect"):
            f.add_rule(kill, name, seccomp.Arg(2, seccomp.MASKED_EQ, PROT_EXEC, PROT_EXEC))
        f.add_rule(kill, "shmat", seccomp.Arg(2, seccomp.MASKED_EQ, SHM_EXEC, SHM_EXEC))
        f.add_rule(kill, "memfd_create")
    return f


# The witness (tests only): a second filter that tells process 1 about every system call of a
# capability that got past the enforcement layers, and lets it continue. Enforcement kills take
# precedence over notifications, so a witnessed call is one the layers under test did not stop.
WITNESSED = {
    "execve": "process", "execveat": "process", "fork": "process", "vfork": "process",
    "clone": "process", "socket": "network", "socketpair": "network", "mmap": "native_code",
    "mprotect": "native_code", "pkey_mprotect": "native_code", "memfd_create": "native_code",
    "ptrace": "process",
}


def witness_filter(seccomp):
    notify = seccomp.NOTIFY
    f = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
    f.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
    for name in ("execve", "execveat", "fork", "vfork", "memfd_create", "ptrace"):
        f.add_rule(notify, name)
    f.add_rule(notify, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, CLONE_THREAD, 0))
    f.add_rule(notify, "socket", seccomp.Arg(0, seccomp.NE, AF_UNIX))
    f.add_rule(notify, "socketpair", seccomp.Arg(0, seccomp.NE, AF_UNIX))
    for name in ("mmap", "mprotect", "pkey_mprotect"):
        f.add_rule(notify, name, seccomp.Arg(2, seccomp.MASKED_EQ, PROT_EXEC, PROT_EXEC))
    return f


# ---------------------------------------------------------------------------------------------
# The interpreter layer: a PEP 578 audit hook for what the kernel cannot see.


def make_hook(cfg, program_code, program_path, report_fd):
    """Returns the audit hook. Everything it uses is bound here, so the program cannot swap a
    module attribute the hook relies on; it calls no method of an object the program controls,
    so no program code runs inside it; a violation writes one JSON line to report_fd and ends the
    process with os._exit, which nothing can catch."""
    import _json
    import _thread
    import sysconfig

    grants = frozenset(cfg.get("grants", ()))
    allow = frozenset(cfg.get("allow", ()))
    deny = frozenset(cfg.get("deny", ()))
    modcaps = {k: tuple(v) for k, v in cfg.get("module_capabilities", {}).items()}
    native_modules = frozenset(cfg.get("native_modules", ()))
    workspace = tuple(p.rstrip("/") + "/" for p in cfg.get("workspace", ("/tmp",)))
    writable_files = frozenset(("/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"))
    trusted = tuple(sorted({sysconfig.get_paths()["stdlib"] + "/", sysconfig.get_paths()["platstdlib"] + "/",
                            "/usr/lib/python3/dist-packages/", "<frozen "}))
    importlib_files = frozenset(("<frozen importlib._bootstrap>", "<frozen importlib._bootstrap_external>",
                                 sysconfig.get_paths()["stdlib"] + "/importlib/__init__.py"))

    enc = _json.encode_basestring_ascii
    write, exit_, getframe, get_ident = os.write, os._exit, sys._getframe, _thread.get_ident
    getcwd = os.getcwd
    streams = (sys.stdout, sys.stderr)
    str_, bytes_, int_, tuple_, list_, bool_, float_ = str, bytes, int, tuple, list, bool, float
    type_, len_ = type, len
    write_flags = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
    own_pid = os.getpid()
    busy = {}  # thread id -> 1 inside the hook, 2 while the hook itself reads frames
    IN_HOOK, INTERNAL = 1, 2

    def show(x, depth=0):
        """A bounded text for an event argument, without calling the program's code."""
        t = type_(x)
        if t is str_:
            return x[:160]
        if t is bytes_:
            return x[:160].decode("utf-8", "backslashreplace")
        if t is int_ or t is bool_ or t is float_ or x is None:
            return str_(x)
        if (t is tuple_ or t is list_) and depth < 2:
            return "[" + ", ".join([show(v, depth + 1) for v in x[:8]]) + "]"
        return "<object>"

    def violation(capability, event, detail):
        line = '{"capability":%s,"event":%s,"detail":%s}\n' % (enc(capability), enc(event), enc(detail[:300]))
        for s in streams:  # the program's output up to here is part of the result
            try:
                s.flush()
            except BaseException:
                pass
        try:
            write(report_fd, line.encode())
        except BaseException:
            pass
        exit_(VIOLATION_EXIT)

    # Frames from here: 0 this helper, 1 check, 2 hook, 3 the code that raised the event.
    CALLER = 3

    def caller_file():
        """co_filename of the code that raised the event."""
        tid = get_ident()
        busy[tid] = INTERNAL
        try:
            return getframe(CALLER).f_code.co_filename
        except ValueError:
            return ""
        finally:
            busy[tid] = IN_HOOK

    def importer_file():
        """co_filename of the nearest frame outside the import machinery."""
        tid = get_ident()
        busy[tid] = INTERNAL
        try:
            f = getframe(CALLER)
            while f is not None and f.f_code.co_filename in importlib_files:
                f = f.f_back
            return "" if f is None else f.f_code.co_filename
        finally:
            busy[tid] = IN_HOOK

    def untrusted(filename):
        return not filename.startswith(trusted)

    def module_allowed(name):
        parts = name.split(".")
        prefixes = [".".join(parts[:i]) for i in range(len(parts), 0, -1)]
        for p in prefixes:
            if p in deny:
                return False
        for p in prefixes:
            if p in allow:
                return True
        # A parent package of an allowed module: importing urllib.parse imports urllib first.
        dotted = name + "."
        for a in allow:
            if a.startswith(dotted):
                return True
        return False

    def module_capability(name):
        parts = name.split(".")
        for i in range(len(parts), 0, -1):
            caps = modcaps.get(".".join(parts[:i]))
            if caps:
                return caps[0]
        return "import"

    def normalized(path):
        """An absolute, lexically normalized path, by str methods only: os.path's functions are
        Python code whose module globals the program can replace."""
        if not path.startswith("/"):
            path = getcwd() + "/" + path
        parts = []
        for p in path.split("/"):
            if p == "" or p == ".":
                continue
            if p == "..":
                if parts:
                    parts.pop()
                continue
            parts.append(p)
        return "/" + "/".join(parts)

    def outside_workspace(path):
        """Lexical: a symbolic link in the workspace pointing out is the kernel's to refuse (the
        root file system is read-only; only the workspace is writable)."""
        if type_(path) is bytes_:
            path = path.decode("utf-8", "surrogateescape")
        if type_(path) is not str_:
            return False  # a file descriptor: opened (and judged) before
        path = normalized(path)
        return path not in writable_files and not (path + "/").startswith(workspace)

    # Events of a capability, refused for every caller: library code that does the same on the
    # program's behalf (sqlite3 calling os.system as a registered function) is no different.
    process_events = frozenset(("os.system", "os.exec", "os.fork", "os.forkpty", "os.posix_spawn",
                                "os.spawn", "os.startfile", "subprocess.Popen", "pty.spawn",
                                "webbrowser.open", "os.killpg"))
    network_events = frozenset(("socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyaddr",
                                "socket.getnameinfo", "socket.sethostname", "http.client.connect",
                                "urllib.Request", "ftplib.connect", "smtplib.connect", "imaplib.open",
                                "poplib.connect", "nntplib.connect", "telnetlib.Telnet.open"))
    native_events = frozenset(("sqlite3.enable_load_extension", "sqlite3.load_extension",
                               "os.add_dll_directory", "cpython.PyInterpreterState_New"))
    # Events that would let the program reach the hook or defeat it: refused for every caller.
    integrity_events = frozenset(("sys.addaudithook", "sys.settrace", "sys.setprofile",
                                  "sys._current_frames", "sys._current_exceptions", "gc.get_objects",
                                  "gc.get_referrers", "gc.get_referents", "code.__new__",
                                  "cpython._PySys_ClearAuditHooks"))
    # Introspection and dynamic code: the standard library uses these itself (namedtuple reads
    # sys._getframe, traceback reads tb_frame, dataclasses exec generated code), so they are
    # refused only when the program's own code (any code outside the installed library) does it.
    frame_attrs = frozenset(("tb_frame", "gi_frame", "cr_frame", "ag_frame", "f_code", "gi_code",
                             "cr_code", "ag_code", "__code__"))

    def hook(event, args):
        tid = get_ident()
        state = busy.get(tid)
        if state is not None:
            # An event while the hook runs: its own frame reads are expected; anything else is
            # code of the program running inside the hook (a __del__, a gc callback).
            if state == INTERNAL and (event == "sys._getframe" or event == "object.__getattr__"):
                return
            busy.pop(tid, None)
            violation("integrity", event, "an event raised inside the gate's audit hook")
        busy[tid] = IN_HOOK
        try:
            check(event, args)
        finally:
            busy.pop(tid, None)

    def check(event, args):
        # The program can raise any event itself (sys.audit): every argument is type-checked
        # before it is compared, so no __eq__ or __hash__ of the program's runs here.
        if event in integrity_events:
            violation("integrity", event, show(args))
        if event in process_events and "process" not in grants:
            violation("process", event, show(args))
        if event == "os.kill" and "process" not in grants:
            pid = args[0]
            if type_(pid) is not int_ or (pid != own_pid and pid != 0):
                violation("process", event, show(args))
            return
        if event == "socket.__new__" and "network" not in grants:
            family = args[1]
            if type_(family) is not int_ or family != AF_UNIX:
                violation("network", event, "family %s" % show(family))
            return
        if (event == "socket.connect" or event == "socket.bind" or event == "socket.sendto"
                or event == "socket.sendmsg") and "network" not in grants:
            addr = args[1] if len_(args) > 1 else None
            if type_(addr) is not str_ and type_(addr) is not bytes_:
                violation("network", event, show(addr))
            return
        if event in network_events and "network" not in grants:
            violation("network", event, show(args))
        if (event in native_events or event.startswith("ctypes.")) and "native_code" not in grants:
            violation("native_code", event, show(args))
        if event == "import":
            name = args[0]
            if type_(name) is not str_:
                return
            top = name.split(".")[0]
            if (name in native_modules or top in native_modules) and "native_code" not in grants:
                violation("native_code", event, name)
            if untrusted(importer_file()) and not module_allowed(name):
                violation(module_capability(name), event, name + " is outside the allowed module set")
            return
        if event == "open":
            if len_(args) > 2 and type_(args[2]) is int_ and args[2] & write_flags and outside_workspace(args[0]):
                violation("filesystem", event, "write to %s outside the workspace" % show(args[0]))
            return
        if event in ("os.remove", "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.truncate",
                     "os.utime", "os.link", "os.symlink", "os.rename"):
            for p in args:
                if (type_(p) is str_ or type_(p) is bytes_) and outside_workspace(p):
                    violation("filesystem", event, "%s outside the workspace" % show(p))
            return
        if event == "exec":
            if args[0] is program_code:
                return
            if untrusted(caller_file()):
                violation("dynamic_code", event, "eval or exec of code the program built")
            return
        if event == "compile":
            if untrusted(caller_file()):
                violation("dynamic_code", event, "compile of a string: %s" % show(args[1]))
            if type_(args[1]) is str_ and args[1] == program_path:
                violation("integrity", event, "code compiled under the program's own name")
            return
        if event == "sys._getframe":
            if untrusted(caller_file()):
                violation("introspection", event, "the program read the call stack")
            return
        if event == "object.__getattr__":
            if type_(args[1]) is str_ and args[1] in frame_attrs and untrusted(caller_file()):
                violation("introspection", event, "read of %s" % show(args[1]))
            return
        if event == "object.__setattr__" or event == "object.__delattr__":
            if type_(args[1]) is str_ and args[1] == "__code__" and untrusted(caller_file()):
                violation("introspection", event, "write of __code__")
            return
        if event == "function.__new__":
            if untrusted(caller_file()):
                violation("dynamic_code", event, "a function built from a code object")
            return

    return hook


# ---------------------------------------------------------------------------------------------
# The program's process.


def run_program(cfg, path, source, report_fd, witness_sock, seccomp):
    """In the forked child: set up the layers, run the program, exit. Never returns."""
    try:
        # Dumpable again: /proc/self is the program's to read. Process 1 stays closed to it.
        prctl_set_dumpable(True)
        null = os.open("/dev/null", os.O_RDONLY)
        os.dup2(null, 0)  # the runner's stream (and the nonce after the program) stays with init
        os.close(null)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.set_wakeup_fd(-1)

        try:
            code = compile(source, path, "exec", dont_inherit=True)
        except (SyntaxError, ValueError) as e:
            sys.excepthook(type(e), e, None)
            finish(1)
        register_source(path, source)

        if witness_sock is not None:
            wf = witness_filter(seccomp)
            wf.load()
            import socket
            fd = wf.get_notify_fd()
            socket.send_fds(witness_sock, [b"w"], [fd])
            os.close(fd)  # the program must never answer its own notifications
            witness_sock.close()
            del wf
        if cfg.get("seccomp", True):
            kernel_filter(seccomp, frozenset(cfg.get("grants", ())), False).load()
        sys.modules.pop("seccomp", None)
        if cfg.get("audit_hook", True):
            sys.addaudithook(make_hook(cfg, code, path, report_fd))
    except BaseException as e:  # the program has not started: nothing of it may run unguarded
        fail("setting up the program's process: %r" % (e,))

    main = types.ModuleType("__main__")
    main.__dict__["__builtins__"] = sys.modules["builtins"]
    sys.modules["__main__"] = main
    sys.argv[:] = [path]
    status = 0
    try:
        exec(code, main.__dict__)
    except SystemExit as e:
        status = exit_status(e)
    except KeyboardInterrupt as e:
        report_uncaught(e)
        status = 130
    except BaseException as e:
        report_uncaught(e)
        status = 1
    finish(status)


def register_source(path, source):
    """Lets tracebacks print the program's lines, as they would for a file on disk."""
    try:
        enc, _ = tokenize.detect_encoding(io.BytesIO(source).readline)
        text = source.decode(enc)
        if text.startswith("\ufeff"):
            text = text[1:]
    except (SyntaxError, UnicodeDecodeError, LookupError):
        return
    linecache.cache[path] = (len(text), None, text.splitlines(True), path)


def exit_status(e):
    code = e.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    try:
        print(code, file=sys.stderr)
    except BaseException:
        pass
    return 1


def report_uncaught(e):
    """As CPython does for an uncaught exception, without the init's own frame in the traceback;
    the traceback module (unlike the C default) prints the program's lines from linecache."""
    tb = e.__traceback__.tb_next if e.__traceback__ is not None else None
    try:
        if sys.excepthook is sys.__excepthook__:
            traceback.print_exception(type(e), e, tb)
        else:
            sys.excepthook(type(e), e, tb)
    except BaseException:
        pass


def finish(status):
    """Python's own shutdown, then exit: wait for non-daemon threads, run atexit callbacks, flush.
    os._exit then ends the daemon threads without the pthread unwinding that would load
    libgcc_s (native code) after the kernel filter forbids it."""
    threading = sys.modules.get("threading")
    if threading is not None:
        try:
            threading._shutdown()
        except BaseException as e:
            report_uncaught(e)
    atexit._run_exitfuncs()
    for s in (sys.stdout, sys.stderr):
        try:
            s.flush()
        except BaseException:
            if s is sys.stdout and status == 0:
                status = 120
    os._exit(status)


# ---------------------------------------------------------------------------------------------
# Process 1.


def read_exact(fd, n, deadline):
    chunks, got = [], 0
    while got < n:
        wait(fd, deadline)
        b = os.read(fd, min(n - got, 1 << 20))
        if not b:
            fail("standard input ended after %d of %d bytes of the program" % (got, n))
        chunks.append(b)
        got += len(b)
    return b"".join(chunks)


def read_line(fd, limit, deadline):
    buf = b""
    while not buf.endswith(b"\n"):
        wait(fd, deadline)
        b = os.read(fd, 1)
        if not b:
            return None if not buf else buf
        buf += b
        if len(buf) > limit:
            fail("header line longer than %d bytes" % limit)
    return buf[:-1]


def wait(fd, deadline):
    if deadline is None:
        return
    left = deadline - time.monotonic()
    if left <= 0 or not select.select([fd], [], [], left)[0]:
        os._exit(0)  # idle too long: a warm container nobody used ends by itself


class Supervisor:
    """Waits for the program's process, up to the deadline, collecting its reports."""

    def __init__(self, child, report_r, witness_fd, deadline):
        self.child, self.report_r, self.witness_fd, self.deadline = child, report_r, witness_fd, deadline
        self.status = None
        self.timed_out = False
        self.report = b""
        self.reached = []
        self.wake_r, wake_w = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        signal.set_wakeup_fd(wake_w, warn_on_full_buffer=False)

    def run(self):
        poll = select.poll()
        poll.register(self.wake_r, select.POLLIN)
        poll.register(self.report_r, select.POLLIN)
        if self.witness_fd is not None:
            poll.register(self.witness_fd, select.POLLIN)
        while self.status is None:
            self.reap()
            if self.status is not None:
                break
            left = self.deadline - time.monotonic()
            if left <= 0:
                self.timed_out = True
                break
            for fd, ev in poll.poll(max(1, int(left * 1000) + 1)):
                if fd == self.wake_r:
                    try:
                        while os.read(self.wake_r, 512):
                            pass
                    except BlockingIOError:
                        pass
                elif fd == self.report_r:
                    self.read_report(ev)
                    if not ev & select.POLLIN:
                        poll.unregister(self.report_r)
                elif fd == self.witness_fd:
                    if not self.witness_one():
                        poll.unregister(self.witness_fd)

    def reap(self):
        try:
            pid, st = os.waitpid(self.child, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == self.child:
            self.status = st

    def read_report(self, ev):
        if ev & select.POLLIN:
            b = os.read(self.report_r, 4096)
            if len(self.report) < MAX_REPORT:
                self.report += b

    def witness_one(self):
        import fcntl
        import struct
        buf = bytearray(80)
        try:
            fcntl.ioctl(self.witness_fd, SECCOMP_IOCTL_NOTIF_RECV, buf, True)
        except OSError:
            return False  # the listener is gone with the process that loaded it
        nid, _pid, _flags, nr, _arch, _ip = struct.unpack_from("=QIIiIQ", buf, 0)
        args = struct.unpack_from("=6Q", buf, 32)
        if len(self.reached) < MAX_LISTED:
            name = syscall_name(nr)
            self.reached.append({"capability": WITNESSED.get(name, "unknown"), "syscall": name,
                                 "args": [hex(a) for a in args[:3]]})
        resp = struct.pack("=QqiI", nid, 0, 0, SECCOMP_USER_NOTIF_FLAG_CONTINUE)
        try:
            fcntl.ioctl(self.witness_fd, SECCOMP_IOCTL_NOTIF_SEND, bytearray(resp), True)
        except OSError:
            pass
        return True


# x86-64 numbers of the witnessed system calls (the image is amd64).
_SYSCALL_NAMES = {59: "execve", 322: "execveat", 57: "fork", 58: "vfork", 56: "clone", 41: "socket",
                  53: "socketpair", 9: "mmap", 10: "mprotect", 329: "pkey_mprotect", 319: "memfd_create",
                  101: "ptrace"}
prctl_set_dumpable = None


def syscall_name(nr):
    return _SYSCALL_NAMES.get(nr, str(nr))


def kill_all():
    """Kills every process of the container but this one, and reaps them all."""
    try:
        os.kill(-1, signal.SIGKILL)
    except ProcessLookupError:
        pass
    while True:
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return
        except InterruptedError:
            continue


def parse_violations(report):
    out = []
    for line in report.split(b"\n"):
        if not line.strip() or len(out) >= MAX_LISTED:
            continue
        try:
            v = json.loads(line)
        except ValueError:
            continue
        if isinstance(v, dict) and all(isinstance(v.get(k), str) for k in ("capability", "event", "detail")):
            out.append({k: v[k][:300] for k in ("capability", "event", "detail")})
    return out


def main():
    if len(sys.argv) != 2:
        fail("usage: init.py CONFIG")
    try:
        cfg = json.loads(sys.argv[1])
    except ValueError as e:
        fail("config is not JSON: %s" % e)
    # Process 1 ignores signals it has no handler for, when they come from inside the container.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    # Not dumpable: the program runs as the same user, and would otherwise be allowed to write
    # this process's memory through /proc/1/mem (and so escape the filters it cannot escape).
    import prctl
    global prctl_set_dumpable
    prctl_set_dumpable = prctl.set_dumpable
    prctl_set_dumpable(False)
    sys.modules.pop("prctl", None)
    sys.modules.pop("_prctl", None)

    seccomp = None
    if cfg.get("seccomp", True) or cfg.get("witness"):
        import seccomp
        if seccomp.get_api() < 3:
            seccomp.set_api(3)  # gVisor does not answer libseccomp's probe for KILL_PROCESS
        kernel_filter(seccomp, frozenset(cfg.get("grants", ())), False)  # fail now, not per run
    t0 = time.monotonic()
    for name in cfg.get("preload", ()):
        try:
            __import__(name)
        except ImportError as e:
            fail("preload %s: %s: rebuild the image (sbxgate image build) or fix modules.preload" % (name, e))
    preload_ms = int((time.monotonic() - t0) * 1000)

    idle = cfg.get("idle_ms", 0)
    idle_deadline = time.monotonic() + idle / 1000 if idle > 0 else None
    header = read_line(0, 1 << 16, idle_deadline)
    if header is None:
        os._exit(0)  # the pool closed us without a program
    try:
        h = json.loads(header)
        path, size, preload = h["path"], h["size"], h.get("preload", [])
        if not isinstance(path, str) or not isinstance(size, int) or not 0 <= size <= MAX_SOURCE:
            raise ValueError("bad path or size")
        if not isinstance(preload, list) or not all(isinstance(m, str) for m in preload):
            raise ValueError("bad preload")
    except (ValueError, KeyError, TypeError) as e:
        fail("bad program header: %s" % e)
    source = read_exact(0, size, None)
    # The native code of the modules this program imports, beyond what a warm container has.
    for name in preload:
        if name not in sys.modules:
            try:
                __import__(name)
            except ImportError as e:
                fail("preload %s: %s: regenerate config/native_deps.json for this image" % (name, e))

    report_r, report_w = os.pipe2(os.O_CLOEXEC)
    witness_parent = witness_child = None
    if cfg.get("witness"):
        import socket
        witness_parent, witness_child = socket.socketpair()
    start = time.monotonic()
    # Objects of process 1 stay where they are: the program's collector does not touch (and so
    # copy) every page of them.
    gc.freeze()
    child = os.fork()
    if child == 0:
        os.close(report_r)
        if witness_parent is not None:
            witness_parent.close()
        run_program(cfg, path, source, report_w, witness_child, seccomp)
        os._exit(125)  # not reached
    os.close(report_w)
    deadline = start + cfg["timeout_ms"] / 1000
    witness_fd = None
    if witness_parent is not None:
        import socket
        witness_child.close()
        witness_parent.settimeout(max(0.1, deadline - time.monotonic()))
        try:
            _, fds, _, _ = socket.recv_fds(witness_parent, 16, 1)
            witness_fd = fds[0] if fds else None
        except OSError:
            witness_fd = None
    nonce = read_line(0, 256, None) or b""
    os.close(0)

    sup = Supervisor(child, report_r, witness_fd, deadline)
    sup.run()
    kill_all()
    if sup.status is None:
        try:
            _, sup.status = os.waitpid(child, os.WNOHANG)
        except ChildProcessError:
            pass
    while True:
        try:
            b = os.read(report_r, 4096)
        except OSError:
            break
        if not b or len(sup.report) >= MAX_REPORT:
            break
        sup.report += b

    violations = parse_violations(sup.report)
    sig, code = 0, 0
    if sup.timed_out:
        code = TIMEOUT_EXIT
    elif sup.status is not None and os.WIFSIGNALED(sup.status):
        sig = os.WTERMSIG(sup.status)
        code = 128 + sig
        if sig == signal.SIGSYS and not violations:
            violations.append({"capability": "unknown", "event": "seccomp",
                               "detail": "the kernel filter killed the program (SIGSYS): a system call "
                                         "its decision does not grant (process, socket, executable memory)"})
    elif sup.status is not None:
        code = os.WEXITSTATUS(sup.status)
        if code == VIOLATION_EXIT and not violations and cfg.get("audit_hook", True):
            violations.append({"capability": "unknown", "event": "audit_hook",
                               "detail": "exit status 159 without a report: the program stopped at a "
                                         "violation after closing the report channel, or exited so itself"})
    status = {"v": 1, "exit_code": code, "signal": sig, "timed_out": sup.timed_out,
              "violations": violations, "preload_ms": preload_ms,
              "run_ms": int((time.monotonic() - start) * 1000)}
    if cfg.get("witness"):
        status["reached"] = sup.reached
        status["witness_ok"] = witness_fd is not None
    line = b"\n" + nonce + b" " + json.dumps(status, separators=(",", ":")).encode() + b"\n"
    while line:
        try:
            line = line[os.write(2, line):]
        except InterruptedError:
            continue
        except OSError:
            break
    os._exit(code)


if __name__ == "__main__":
    main()

"""sbxgate's sandbox init: process 1 of every sandbox container.

It runs as python3 -I -B /usr/lib/sbxgate/init.py CONFIG, where CONFIG is a JSON object the runner
writes (limits, granted capabilities, which enforcement layers are on, the modules to preload). It

1. imports the extension modules the allowed module set needs (the kernel filter below refuses any
   native code loaded later), then waits on standard input: this is a warm container;
2. reads one program: a header line {"path": NAME, "size": N, "files": [{"name", "size"}], "out":
   {...}}, N bytes of source, then the input files' bytes, which it writes into the workspace
   (/tmp/work, with an empty out/);
3. forks the program's process, which compiles exactly those bytes under NAME, enters the
   workspace, installs the interpreter audit hook, loads the kernel seccomp filter, and runs the
   program;
4. has read the nonce the runner sends after the program before it forked (the program's process
   zeroes its copy at once), then supervises: the deadline holds here, inside the container,
   whatever happens to sbxgate;
5. when the program ends or the deadline passes, kills every other process in the container, and
   writes a status line to standard error: a newline, the nonce, a space and a JSON object (exit
   code, signal, timeout, run-time violations). The runner takes the last such line as ours.
   Before it, on standard output, the artifacts: each regular file the program left under out/,
   read without following links, as a line "NONCE file {...}" and its bytes; then "NONCE end".

Process 1 and the program's process run as two host users (the runner gives each sandbox a pair):
the container starts as root with CAP_SETUID, CAP_SETGID, CAP_KILL and CAP_FOWNER only; process 1
becomes its own user first thing, forks the program's process, which becomes the program's user and
drops every capability before anything of the program runs, and then keeps CAP_KILL (to kill the
program's processes, which are another user's) and CAP_FOWNER (to read what the program left in
out/, once it is gone). So every same-user control the kernel offers
(signals, I/O signals of a descriptor's owner, prlimit, scheduling, ptrace and /proc/1) refuses
the program by itself; the kernel filter still refuses them one call at a time. Process 1 runs no
program code and is not dumpable. The deadline, the kill of everything and the status line do not
depend on the program's cooperation.
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

STARTED = b'{"started":1}\n'  # the program's process, on its report channel, as the program starts
VIOLATION_EXIT = 159  # 128 + SIGSYS: what the kernel filter's kill looks like, used by the hook too
TIMEOUT_EXIT = 137  # 128 + SIGKILL, as a container killed at its deadline
MAX_SOURCE = 256 << 20
MAX_REPORT = 64 << 10
MAX_HEADER = 1 << 20  # the header line (runner maxHeaderBytes)
MAX_STATUS = 16 << 10  # the status line, in bytes: the runner looks for it in the last 64 KiB
MAX_LISTED = 16  # violations and witnessed system calls kept in the status line
WAKE_MS = 250  # process 1's longest wait without looking at the program's process and the clock
# The runner sends it to process 1 (docker kill) when the program's output passed its limit: the
# program is ended as at the deadline, and the status line is written (runner/docker.go, execute).
OUTPUT_SIGNAL = signal.SIGUSR1
NONCE_LEN = 47  # "sbxgate-status-" and 32 hex digits, then a newline
WORKSPACE = "/tmp/work"  # the program's working directory (runner/files.go)
OUT_DIR = "out"
MAX_FILES_IN = 1024
MAX_NAME = 255
MAX_DEPTH = 8  # parts of a name
MAX_SKIPPED = 16  # skipped entries of out/ listed (runner/files.go, maxSkipped)
MAX_SCAN = 4096  # entries of out/ looked at
NO_ARTIFACTS = {"max_count": 0, "max_bytes": 0, "max_file_bytes": 0}

# x86-64 Linux constants the filters need (the image is amd64).
CLONE_THREAD = 0x00010000
PROT_EXEC = 0x4
SHM_EXEC = 0o100000
AF_UNIX = 1
SECCOMP_IOCTL_NOTIF_RECV = 0xC0502100
SECCOMP_IOCTL_NOTIF_SEND = 0xC0182101
SECCOMP_USER_NOTIF_FLAG_CONTINUE = 1
PRIO_PROCESS = 0
IOPRIO_WHO_PROCESS = 1
F_SETOWN, F_SETSIG, F_SETOWN_EX = 8, 10, 15
PR_SET_SECCOMP = 22
PR_SET_SYSCALL_USER_DISPATCH = 59
FIOSETOWN, SIOCSPGRP = 0x8901, 0x8902
CAP_FOWNER, CAP_KILL, CAP_SETGID, CAP_SETUID = 3, 5, 6, 7


# ---------------------------------------------------------------------------------------------
# Users: process 1's and the program's (runner/uids.go gives each sandbox a pair).

prctl_caps = None  # python3-prctl's capability sets, kept when the module leaves sys.modules


def capability_sets():
    """This process's capability sets (CapPrm, CapEff, CapInh, CapAmb), as the kernel shows them."""
    sets = {}
    with open("/proc/self/status") as f:
        for line in f:
            k, _, v = line.partition(":")
            if k in ("CapPrm", "CapEff", "CapInh", "CapAmb"):
                sets[k] = int(v, 16)
    return sets


def sandbox_uids(cfg):
    init_uid, program_uid = cfg.get("init_uid"), cfg.get("program_uid")
    if not all(isinstance(u, int) and 1000 <= u < 1 << 31 for u in (init_uid, program_uid)) or init_uid == program_uid:
        fail("config: init_uid and program_uid must be two user ids of runner.uids")
    return init_uid, program_uid


def become_init(cfg):
    """Process 1 starts as root with CAP_SETUID, CAP_SETGID, CAP_KILL and CAP_FOWNER (runner/spec.go)
    and becomes its own user at once, keeping those four: to make the program's files and process
    another user's, to kill that user's processes, and to make what the program left in out/
    readable to itself once the program is gone. Its groups are its own and the program's, which lets
    it read the artifacts the program leaves readable to its group."""
    global prctl_caps
    init_uid, program_uid = sandbox_uids(cfg)
    if os.getresuid() != (0, 0, 0):
        fail("process 1 must start as root with CAP_SETUID, CAP_SETGID, CAP_KILL and CAP_FOWNER (runner/spec.go)")
    import prctl
    prctl_caps = (prctl.cap_effective, prctl.cap_permitted, prctl.cap_inheritable)
    prctl.set_keepcaps(True)
    os.setgroups([program_uid])
    os.setresgid(init_uid, init_uid, init_uid)
    os.setresuid(init_uid, init_uid, init_uid)
    prctl.set_keepcaps(False)
    for name in ("kill", "setuid", "setgid", "fowner"):
        setattr(prctl.cap_effective, name, True)
    want = 1 << CAP_KILL | 1 << CAP_SETGID | 1 << CAP_SETUID | 1 << CAP_FOWNER
    sets = capability_sets()
    if os.getresuid() != (init_uid,) * 3 or os.getresgid() != (init_uid,) * 3 or \
            sets["CapPrm"] != want or sets["CapEff"] != want or sets.get("CapAmb", 0) or sets["CapInh"]:
        fail("process 1 did not become user %d with CAP_SETUID, CAP_SETGID, CAP_KILL and CAP_FOWNER: %r" % (init_uid, sets))


def drop_to_kill(child):
    """In process 1 once the program's process is forked: CAP_KILL (to kill the program's
    processes) and CAP_FOWNER (to give itself read access to what the program left in out/, after
    the program is gone: send_artifacts) are all it keeps."""
    eff, prm, _ = prctl_caps
    eff.limit("kill", "fowner")
    prm.limit("kill", "fowner")
    want = 1 << CAP_KILL | 1 << CAP_FOWNER
    sets = capability_sets()
    if sets["CapPrm"] != want or sets["CapEff"] != want:
        os.kill(child, signal.SIGKILL)
        fail("process 1 kept capabilities beyond CAP_KILL and CAP_FOWNER: %r" % (sets,))


def become_program(cfg):
    """In the program's process, first: the program's user and group, no supplementary group, no
    capability (a change between two non-root users keeps them: they are cleared here)."""
    _, uid = sandbox_uids(cfg)
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)
    for s in prctl_caps:
        s.limit()
    sets = capability_sets()
    if os.getresuid() != (uid,) * 3 or os.getresgid() != (uid,) * 3 or os.getgroups() or any(sets.values()):
        raise OSError("the program's process did not become user %d without capabilities: %r" % (uid, sets))


def as_program(cfg, fn, *args):
    """Runs fn with the program's user and group as the effective ones, so that what it creates
    is the program's; then process 1's again (both are ids it holds: no capability is lost)."""
    init_uid, program_uid = sandbox_uids(cfg)
    os.setresgid(-1, program_uid, -1)
    os.setresuid(-1, program_uid, -1)
    try:
        return fn(*args)
    finally:
        os.setresuid(-1, init_uid, -1)
        os.setresgid(-1, init_uid, -1)
        prctl_set_dumpable(False)  # a change of user resets it


def fail(msg, report_fd=-1):
    """A failure of the sandbox itself: say so on stderr (and to process 1, from the program's
    process) and exit 125, never run the program."""
    os.write(2, ("sbxgate sandbox init: %s\n" % msg).encode("utf-8", "replace"))
    if report_fd >= 0:
        os.write(report_fd, json.dumps({"setup_error": msg[:500]}).encode() + b"\n")
    os._exit(125)


# ---------------------------------------------------------------------------------------------
# The kernel layer: a seccomp filter the program's process loads before its first byte runs.


def kernel_filter(seccomp, grants, witness):
    """Builds the enforcement filter: default allow, and the process is killed (SIGSYS) by any
    system call that would give it a capability the decision does not grant. Filters cannot be
    removed once loaded; Docker sets no-new-privileges, which loading one needs."""
    kill = seccomp.KILL_PROCESS
    f = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
    whole_process(seccomp, f)
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
    # Process 1 is another user, so the kernel refuses the program every same-user control of it;
    # these refusals are a second layer, from when it was the same user: its limits (RLIMIT_CPU),
    # and its share of the processor (nice 19 and one shared CPU starved it past the deadline;
    # gVisor lets any user set another's). Each such call is refused unless it names the caller
    # itself (0); PRIO_PGRP and PRIO_USER, and ioprio's group and user, name process 1 too.
    eperm = seccomp.ERRNO(errno.EPERM)
    no_own_filters(seccomp, f)
    f.add_rule(eperm, "prlimit64", seccomp.Arg(0, seccomp.NE, 0))
    # Nor a descriptor's owner or its signal: F_SETOWN names a process (process 1) that the
    # kernel then signals, with a signal F_SETSIG chooses, when the descriptor is ready.
    # Both commands are the kernel's unsigned int: only their low 32 bits are compared (native code
    # may leave anything in the upper half of the register, which an EQ of all 64 bits would miss).
    for cmd in (F_SETOWN, F_SETSIG, F_SETOWN_EX):
        f.add_rule(eperm, "fcntl", seccomp.Arg(1, seccomp.MASKED_EQ, 0xFFFFFFFF, cmd))
    for req in (FIOSETOWN, SIOCSPGRP):
        f.add_rule(eperm, "ioctl", seccomp.Arg(1, seccomp.MASKED_EQ, 0xFFFFFFFF, req))
    # Nor signals to process 1 (pid 1) or to every process (-1): under gVisor process 1 has neither
    # the PID namespace's protection nor Landlock's signal scope. A pid is an int: its low 32 bits
    # are compared.
    for name in ("kill", "tkill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo", "pidfd_open"):
        for pid in (1, 0xFFFFFFFF):
            f.add_rule(eperm, name, seccomp.Arg(0, seccomp.MASKED_EQ, 0xFFFFFFFF, pid))
    for name in ("sched_setaffinity", "sched_setattr", "sched_setparam", "sched_setscheduler"):
        f.add_rule(eperm, name, seccomp.Arg(0, seccomp.NE, 0))
    f.add_rule(eperm, "setpriority", seccomp.Arg(0, seccomp.NE, PRIO_PROCESS))
    f.add_rule(eperm, "setpriority", seccomp.Arg(1, seccomp.NE, 0))
    f.add_rule(eperm, "ioprio_set", seccomp.Arg(0, seccomp.NE, IOPRIO_WHO_PROCESS))
    f.add_rule(eperm, "ioprio_set", seccomp.Arg(1, seccomp.NE, 0))
    if "network" not in grants:
        # Refused, not killed: native libraries probe (libuuid opens an AF_INET socket for
        # uuid1's node) and fall back; Python's own sockets are stopped by the audit hook first.
        # AF_UNIX stays: asyncio's event loop needs a socketpair to wake itself.
        f.add_rule(seccomp.ERRNO(errno.EACCES), "socket", seccomp.Arg(0, seccomp.NE, AF_UNIX))
        f.add_rule(seccomp.ERRNO(errno.EACCES), "socketpair", seccomp.Arg(0, seccomp.NE, AF_UNIX))
    if "native_code" not in grants:
        # No new executable memory: the extension modules were loaded before this point.
        for name in ("mmap", "mprotect", "pkey_mprotect"):
            f.add_rule(kill, name, seccomp.Arg(2, seccomp.MASKED_EQ, PROT_EXEC, PROT_EXEC))
        f.add_rule(kill, "shmat", seccomp.Arg(2, seccomp.MASKED_EQ, SHM_EXEC, SHM_EXEC))
        f.add_rule(kill, "memfd_create")
    return f


def no_own_filters(seccomp, f):
    """Adds to f the refusal (EPERM) of every seccomp filter or mode of the program's own: seccomp(2)
    whatever its operation, and prctl(PR_SET_SECCOMP) (an int: its low 32 bits are compared), and
    of syscall user dispatch (prctl(PR_SET_SYSCALL_USER_DISPATCH)). A
    filter of the program's answered the hook's verdict calls (tgkill, kill, exit_group, exit) with
    a success they did not have, and the refusal the hook had decided ended as a crash (SIGSEGV)
    or a timeout with no violation recorded (red team round rt10); the image's libseccomp binding,
    which process 1 takes out of sys.modules, was imported again through library code that imports
    by name (unittest's loadTestsFromName). Filters only add refusals, so the program's could never
    lift one of ours: what it could do is make our verdict fail."""
    eperm = seccomp.ERRNO(errno.EPERM)
    f.add_rule(eperm, "seccomp")
    # Syscall user dispatch is the other way to intercept one's own system calls: once on, every
    # call from outside a range raises SIGSYS (a handler of the program's returns, the call is
    # skipped), the hook's verdict calls too. Reached with ctypes under the kernel layer alone.
    for option in (PR_SET_SECCOMP, PR_SET_SYSCALL_USER_DISPATCH):
        f.add_rule(eperm, "prctl", seccomp.Arg(0, seccomp.MASKED_EQ, 0xFFFFFFFF, option))


def whole_process(seccomp, f):
    """A system call of another ABI (i386's int 0x80, an x32 number: any number with bit 30 set)
    ends the whole process, as the filter's other kills do. libseccomp's default for them kills
    only the calling thread: with another thread alive the process went on, and the thread
    killed in native code held the interpreter lock, so a refusal became a timeout with no
    violation (red team rt10: syscall(2) called with an object's address as its number)."""
    f.set_attr(seccomp.Attr.ACT_BADARCH, seccomp.KILL_PROCESS)


def verdict_guard(seccomp):
    """The filter the program's process loads when the audit hook runs without the kernel filter:
    only no_own_filters' refusals, which the hook's verdict needs (die() in sbxgate.c)."""
    f = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
    whole_process(seccomp, f)
    no_own_filters(seccomp, f)
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
# The interpreter layer and Landlock: _sbxgate, a C extension the image carries (sbxgate.c).

EXTENSION = "/usr/lib/sbxgate/_sbxgate.so"
INIT_MODULES = ("seccomp", "prctl", "_prctl")  # process 1's: never the program's, whoever imports them
FRAME_ATTRS = ("tb_frame", "gi_frame", "cr_frame", "ag_frame", "f_code", "gi_code", "cr_code", "ag_code",
               "__code__")


def load_extension():
    """Loads _sbxgate by path, before the kernel filter forbids new native code. It is not put in
    sys.modules, and no directory of sys.path holds it."""
    import importlib.machinery
    import importlib.util
    loader = importlib.machinery.ExtensionFileLoader("_sbxgate", EXTENSION)
    spec = importlib.util.spec_from_file_location("_sbxgate", EXTENSION, loader=loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    # Creating an extension module registers it in sys.modules under its name: out of the program's
    # reach it goes (a second install is refused anyway).
    sys.modules.pop("_sbxgate", None)
    return mod


def hook_config(cfg, code, path, report_fd):
    import sysconfig
    paths = sysconfig.get_paths()
    return {
        "grants": list(cfg.get("grants", ())),
        "allow": list(cfg.get("allow", ())),
        "deny": list(cfg.get("deny", ())),
        # Process 1's own tools are refused to every caller: they are on the image's path, and
        # library code imports by name (the libseccomp binding let a program defuse the verdict).
        "native_modules": list(cfg.get("native_modules", ())) + list(INIT_MODULES),
        "module_capabilities": {k: v[0] for k, v in cfg.get("module_capabilities", {}).items() if v},
        "workspace": [p.rstrip("/") + "/" for p in cfg.get("workspace", ("/tmp",))],
        "writable_files": ["/dev/null"],
        "trusted": sorted({paths["stdlib"] + "/", paths["platstdlib"] + "/", "/usr/lib/python3/dist-packages/", "<frozen "}),
        "importlib_files": ["<frozen importlib._bootstrap>", "<frozen importlib._bootstrap_external>",
                            paths["stdlib"] + "/importlib/__init__.py"],
        "frame_attrs": list(FRAME_ATTRS),
        "program_code": code,
        "program_path": path,
        "report_fd": report_fd,
        "verdict_signals": verdict_signals(cfg),
    }


# The capabilities the hook names in a verdict: it ends the program's process with SIGRTMIN + i for
# the i-th, and process 1 reads the verdict from the termination (see the hook's die()).
BASE_VERDICTS = ("unknown", "process", "network", "native_code", "filesystem", "import",
                 "dynamic_code", "introspection", "integrity")


def verdict_signals(cfg):
    extra = sorted({v[0] for v in cfg.get("module_capabilities", {}).values() if v} - set(BASE_VERDICTS))
    return list(BASE_VERDICTS + tuple(extra))[:signal.SIGRTMAX - signal.SIGRTMIN + 1]


def proc_mem_writable():
    """Whether this process may still write its own memory through /proc/self/mem, which writes
    through read-only executable mappings: new native code without PROT_EXEC."""
    try:
        os.close(os.open("/proc/self/mem", os.O_RDWR))
        return True
    except OSError:
        return False


# ---------------------------------------------------------------------------------------------
# The program's process.


def run_program(cfg, path, source, report_fd, witness_sock, seccomp, ext):
    """In the forked child: set up the layers, run the program, exit. Never returns."""
    try:
        # The program's user, with no capability, before anything else: every same-user check of
        # the kernel then keeps it from process 1. (A change of user resets dumpability.)
        become_program(cfg)
        # Dumpable again: /proc/self is the program's to read. Process 1 stays closed to it.
        prctl_set_dumpable(True)
        # A session and process group of its own: "my process group" (kill(0, ...)) must not name
        # process 1.
        os.setsid()
        for sig, handler in PROGRAM_SIGNALS.items():
            signal.signal(sig, handler)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.set_wakeup_fd(-1)
        # Complete lines reach the runner as they are printed: at a violation the hook ends the
        # process without flushing (a flush runs the interpreter's I/O machinery, which can run
        # the program's signal handlers or block), so only a partial last line can be lost.
        sys.stdout.reconfigure(line_buffering=True)
        os.chdir(WORKSPACE)

        try:
            code = compile(source, path, "exec", dont_inherit=True)
        except Exception as e:
            # The program's text is the program's: whatever the compiler raises for it (a
            # SyntaxError; a MemoryError when its parser runs out of stack, a RecursionError
            # when the tree is too deep: findings/34) is the program's failure, as for
            # `python3 job.py`, never the sandbox's. No program code has run.
            report_uncaught(e)
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
        grants = frozenset(cfg.get("grants", ()))
        if cfg.get("seccomp", True):
            # Writes only beneath the workspace, whatever the path: also no /proc/self/mem.
            abi = ext.landlock(tuple(cfg.get("workspace", ("/tmp",))), ("/dev/null",))
            if "native_code" not in grants and proc_mem_writable():
                fail("this kernel lets a program write its own code through /proc/self/mem and has no "
                     "Landlock (abi %d) to refuse it: use a kernel with Landlock, or runtime: runsc" % abi, report_fd)
            os.write(report_fd, b'{"landlock":%d}\n' % abi)
            kernel_filter(seccomp, grants, False).load()
        elif cfg.get("audit_hook", True):
            verdict_guard(seccomp).load()
        # A refused system call ends the process (KILL_PROCESS), but Debian's runsc ends only the
        # thread that made it: killed holding the interpreter lock, it left the other threads
        # waiting for it forever, a timeout with no violation (findings/40, 41). The watch ends
        # such a process with SIGSYS. Started after Landlock and the filters, which it inherits.
        if ext is not None:
            ext.watch()
        sys.modules.pop("seccomp", None)
        if cfg.get("audit_hook", True):
            ext.install(hook_config(cfg, code, path, report_fd))
    except BaseException as e:  # the program has not started: nothing of it may run unguarded
        fail("setting up the program's process: %r" % (e,), report_fd)
    # From here on the program may write to the channel too: process 1 takes the setup's lines
    # (landlock, setup_error) only from before this marker.
    os.write(report_fd, STARTED)

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
    # A byte at a time (what follows the line is not ours to read), into a bytearray: appending to
    # bytes copied the whole line each time, quadratic in a header the submitter sizes.
    buf = bytearray()
    while not buf.endswith(b"\n"):
        wait(fd, deadline)
        b = os.read(fd, 1)
        if not b:
            return None if not buf else bytes(buf)
        buf += b
        if len(buf) > limit:
            fail("header line longer than %d bytes" % limit)
    return bytes(buf[:-1])


def wait(fd, deadline):
    if deadline is None:
        return
    left = deadline - time.monotonic()
    # poll, not select: gVisor refuses select(2) under a Docker seccomp profile that allows it.
    p = select.poll()
    p.register(fd, select.POLLIN)
    if left <= 0 or not p.poll(int(left * 1000) + 1):
        os._exit(0)  # idle too long: a warm container nobody used ends by itself


class Supervisor:
    """Waits for the program's process, up to the deadline, collecting its reports."""

    def __init__(self, child, report_r, witness_fd, deadline):
        self.child, self.report_r, self.witness_fd, self.deadline = child, report_r, witness_fd, deadline
        self.status = None
        self.timed_out = False
        self.head = b""  # the report channel up to the STARTED marker: the setup's lines
        self.started = False
        self.report = b""  # after the marker: the violations, and whatever the program wrote
        self.reached = []
        # The runner's request to end the program for its output (OUTPUT_SIGNAL): the program is
        # another user, in a session of its own, and the kernel filter refuses it every signal to
        # process 1, so only the runner (docker kill) sends it.
        self.output_over = False
        # The program's main thread ended while other threads of its process run on, at two looks
        # in a row (see leader_dead): a kernel filter's kill that ended only its thread.
        self.leader_gone = 0
        self.thread_killed = False
        self.wake_r, wake_w = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        signal.signal(OUTPUT_SIGNAL, self.on_output)
        signal.set_wakeup_fd(wake_w, warn_on_full_buffer=False)

    def on_output(self, *_):
        self.output_over = True

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
            if self.output_over:
                break  # killed for its output: the status line still comes, with the violations
            if self.leader_dead():
                self.leader_gone += 1
                if self.leader_gone >= 2:
                    self.thread_killed = True
                    break
            else:
                self.leader_gone = 0
            left = self.deadline - time.monotonic()
            if left <= 0:
                self.timed_out = True
                break
            # Every descriptor polled here may be the program's to read or write too (under gVisor,
            # through /proc/1/fd): a read never blocks (a byte poll announced may be gone), reads
            # once per wake-up (a writer that keeps it full never holds the loop), and the wait is
            # bounded (a stolen SIGCHLD byte costs at most WAKE_MS), so the deadline check and
            # the reaping come round whatever the program does to them.
            for fd, ev in poll.poll(max(1, min(int(left * 1000) + 1, WAKE_MS))):
                if fd == self.wake_r:
                    try:
                        os.read(self.wake_r, 65536)
                    except BlockingIOError:
                        pass
                elif fd == self.report_r:
                    self.read_report(ev)
                    if not ev & select.POLLIN:
                        poll.unregister(self.report_r)
                elif fd == self.witness_fd:
                    if not self.witness_one():
                        poll.unregister(self.witness_fd)

    def leader_dead(self):
        """Whether the program's main thread has ended while other threads of its process run on.

        The kernel filter kills the process (SECCOMP_RET_KILL_PROCESS), but Debian's runsc
        (20221219) kills only the calling thread, with the same top precedence: a refused system
        call in a program with a second thread (a daemon thread asleep) left a process whose main
        thread was gone and whose other threads waited forever for the interpreter lock it held,
        and the run was recorded as a timeout with no violation (findings/40). Python's main thread
        never ends alone otherwise: the process ends with it (exit_group). The leader of a thread
        group stays a zombie until the last thread has ended; a process ending as a whole passes
        through the same state for a moment, hence the two looks a wake-up apart. A program that
        contrives it (native code ending its main thread, a name that prints a State line) only
        records a violation against itself."""
        try:
            fd = os.open("/proc/%d/status" % self.child, os.O_RDONLY | os.O_CLOEXEC)
            try:
                text = os.read(fd, 4096)
            finally:
                os.close(fd)
        except OSError:
            return False
        state, threads = b"", 0
        for line in text.split(b"\n"):
            if line.startswith(b"State:") and not state:
                state = line[6:].strip()[:1]
            elif line.startswith(b"Threads:"):
                try:
                    threads = int(line[8:].strip())
                except ValueError:
                    pass
        return state == b"Z" and threads >= 2

    def reap(self):
        try:
            pid, st = os.waitpid(self.child, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == self.child:
            self.status = st

    def read_report(self, ev):
        if ev & select.POLLIN:
            try:
                self.add_report(os.read(self.report_r, 4096))
            except BlockingIOError:
                pass  # taken by another reader: back to the poll, under the deadline

    def add_report(self, b):
        if not self.started:
            self.head += b
            i = self.head.find(STARTED)
            if i < 0:
                self.head = self.head[-MAX_REPORT:]
                return
            self.started = True
            self.head, b = self.head[:i], self.head[i + len(STARTED):]
        self.report = (self.report + b)[-MAX_REPORT:]

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


PROGRAM_SIGNALS = {}
# Signals process 1 keeps: the kills it cannot ignore, the child's exit, and the faults of its
# own code.
KEPT_SIGNALS = {signal.SIGKILL, signal.SIGSTOP, signal.SIGCHLD, signal.SIGSEGV, signal.SIGBUS,
                signal.SIGFPE, signal.SIGILL, signal.SIGABRT, signal.SIGTRAP, signal.SIGSYS}


def ignore_signals():
    """Ignores every catchable signal process 1 does not use; returns the dispositions it had."""
    before = {}
    for sig in range(1, signal.NSIG):
        if sig in KEPT_SIGNALS:
            continue
        try:
            before[sig] = signal.signal(sig, signal.SIG_IGN)
        except (OSError, ValueError):
            pass  # not a signal, or one the C library reserves
    return before


def kill_all(child=None):
    """Kills every process of the container but this one, and reaps them all: they are the
    program's user's, which CAP_KILL, kept by process 1 for this, lets it signal. Returns the wait
    status of child, when it is reaped here."""
    status = None
    try:
        os.kill(-1, signal.SIGKILL)
    except ProcessLookupError:
        pass
    while True:
        try:
            pid, st = os.waitpid(-1, 0)
            if pid == child:
                status = st
        except ChildProcessError:
            return status
        except InterruptedError:
            continue


def parse_report(report):
    """The report channel's lines: before the STARTED marker the setup's (landlock, setup_error),
    after it violations. The program can write to the channel once started, so each line is parsed
    defensively (the caller keeps only the lines a termination vouches for)."""
    out, landlock, error = [], -1, None
    for line in report.split(b"\n"):
        if not line.strip() or len(line) > 4096:
            continue
        try:
            v = json.loads(line)
        except Exception:  # RecursionError too: the program may write anything here
            continue
        if not isinstance(v, dict):
            continue
        if isinstance(v.get("landlock"), int) and landlock < 0:
            landlock = v["landlock"]
        elif isinstance(v.get("setup_error"), str) and error is None:
            error = v["setup_error"][:500]
        elif all(isinstance(v.get(k), str) for k in ("capability", "event", "detail")):
            out.append({k: v[k][:300] for k in ("capability", "event", "detail")})
    return out, landlock, error


MATPLOTLIB_BUILT = "/usr/share/sbxgate/matplotlib"  # the data image's font list (runner/image.go)
MATPLOTLIB_DIR = "/tmp/.matplotlib"


def prepare_matplotlib():
    """In an image with matplotlib: its configuration directory must be writable, or matplotlib
    makes a fresh one and scans the fonts again (running fc-list, which the sandbox refuses). A
    copy of the image's font list goes to /tmp, and the backend is Agg (no display)."""
    if not os.path.isdir(MATPLOTLIB_BUILT):
        return
    # The program's, and writable by its group, process 1's too: both import matplotlib.
    os.mkdir(MATPLOTLIB_DIR)
    os.chmod(MATPLOTLIB_DIR, 0o770)
    for name in os.listdir(MATPLOTLIB_BUILT):
        if name.endswith(".json"):
            dst = os.path.join(MATPLOTLIB_DIR, name)
            with open(os.path.join(MATPLOTLIB_BUILT, name), "rb") as src, open(dst, "wb") as out:
                out.write(src.read())
            os.chmod(dst, 0o660)
    os.environ["MPLCONFIGDIR"] = MATPLOTLIB_DIR
    os.environ["MPLBACKEND"] = "Agg"


def settle_packages():
    """Three of the data profile's packages, as the preload brought them, would ask the hook for what
    it refuses to any caller in the middle of an ordinary program; each is settled here, before
    the program exists:

    - pandas: its check for assignment to a copy (SettingWithCopyWarning) asks gc.get_referents
      (the object graph, which reaches process 1's objects): filtering a frame and then assigning
      a column, as most data programs do, would end the program. The check is off
      (mode.chained_assignment None): the program sees no such warning, and one that turns it on
      again is refused at its first such assignment.
    - scipy: a call with a C callback tries to import cffi, refused even where cffi is absent (it
      is): the attempt is made here, so scipy knows it has none.
    - threadpoolctl (scikit-learn's, in KMeans among others, and numpy.show_runtime's): it finds
      the native thread pools by running ldconfig and walking the loaded libraries through
      ctypes, both refused. It is loaded with numpy and finds none now: sklearn's limits on BLAS
      and OpenMP threads do nothing (a matter of speed; the tier's cpus and pids hold).

    More would run external programs on a call the static layer cannot judge from its
    arguments; each door is closed here, in process 1, for every program forked from it:

    - PIL: Image.open picks its plugin by the file's first bytes, and the EPS plugin runs
      ghostscript to load an image. It is taken out of the plugins Image.init imports, and
      unregistered should it be loaded already (its module stays refused to the program).
    - matplotlib: savefig to a name ending in .pgf (or format="pgf") runs xelatex to measure every
      text; a name the program computes cannot be judged. The pgf format is unregistered (savefig
      raises ValueError); ps and eps run ghostscript only under rcParams the review excludes.
    - matplotlib's usetex, however a Text gets it, runs latex and dvipng (close_latex).
    - joblib (scikit-learn's n_jobs): its default backend, loky, starts worker processes. The
      default becomes threads: n_jobs=-1 still runs in parallel, in this process.
    - joblib's Memory (scikit-learn's memory=, however the estimator gets it: a grid's computed
      key, a spread mapping, a property): a directory of pickles the program may rewrite, loaded
      on the next call. Memory gets no store: it caches nothing and writes nothing."""
    if "PIL" in sys.modules:
        import PIL.Image
        if "EpsImagePlugin" in PIL.Image._plugins:
            PIL.Image._plugins.remove("EpsImagePlugin")
        for registry in (PIL.Image.OPEN, PIL.Image.SAVE, PIL.Image.SAVE_ALL, PIL.Image.MIME):
            registry.pop("EPS", None)
        if "EPS" in PIL.Image.ID:
            PIL.Image.ID.remove("EPS")
        for ext in [e for e, f in PIL.Image.EXTENSION.items() if f == "EPS"]:
            del PIL.Image.EXTENSION[ext]
    if "matplotlib" in sys.modules:
        import matplotlib.backend_bases
        matplotlib.backend_bases._default_backends.pop("pgf", None)
        matplotlib.backend_bases._default_filetypes.pop("pgf", None)
        close_latex()
    if "joblib" in sys.modules:
        import joblib.memory
        import joblib.parallel
        joblib.parallel.DEFAULT_BACKEND = joblib.parallel.DEFAULT_THREAD_BACKEND
        # Memory and MemorizedFunc make their store here, by name: with none, Memory.cache
        # returns the function uncached (NotMemorizedFunc) and a MemorizedFunc fails its call.
        joblib.memory._store_backend_factory = no_store
    if "numpy" in sys.modules and "threadpoolctl" not in sys.modules:
        # numpy.show_runtime imports it (when it is installed): loaded here, it is stubbed below.
        try:
            import threadpoolctl  # noqa: F401
        except ImportError:
            pass
    if "threadpoolctl" in sys.modules:
        import threadpoolctl
        threadpoolctl.ThreadpoolController._load_libraries = lambda self: None
    if "pandas" in sys.modules:
        import pandas
        pandas.set_option("mode.chained_assignment", None)
    if "scipy" in sys.modules:
        import scipy._lib._ccallback
        scipy._lib._ccallback._import_cffi()


def no_store(backend, location, verbose=0, backend_options=None):
    return None


def close_latex():
    """matplotlib's usetex (a Text's property, set by keyword, by position, through a dict of
    properties or by a subclass's get_usetex) ends in TexManager, which runs latex and dvipng;
    dviread runs luatex or kpsewhich to find TeX's fonts, backend_ps runs ghostscript, and
    matplotlib asks dvipng, gs and the like their version by running them. Each of these starts
    its program from one function, replaced here on its class or module (every instance and
    every caller looks it up there): the call raises the error matplotlib raises when the
    program is missing (RuntimeError for latex, kpsewhich and ghostscript)."""
    import matplotlib
    import matplotlib.cbook
    import matplotlib.dviread
    import matplotlib.texmanager

    def no_latex(*args, **kwargs):
        raise RuntimeError("latex is not available in the sandbox")

    def no_subprocess(command, logger, **kwargs):
        raise RuntimeError("%s is not available in the sandbox" % command[0])

    def no_program(name):
        raise matplotlib.ExecutableNotFoundError("%s is not available in the sandbox" % name)

    def no_luatex(self):
        raise FileNotFoundError("luatex is not available in the sandbox")  # as _find_tex_file expects

    matplotlib.texmanager.TexManager._run_checked_subprocess = classmethod(no_latex)
    matplotlib.cbook._check_and_log_subprocess = no_subprocess
    matplotlib.dviread._LuatexKpsewhich._new_proc = no_luatex
    matplotlib._get_executable_info = no_program


def warm_plotting():
    """In a warm container where the preload brought matplotlib: pyplot and pandas' plotting are
    pure Python the preload does not import, and a first figure loads fonts and builds caches
    (about a second of a small plot's run on a loaded machine). Both are done once here, for every
    program forked from this process; the figure is closed: the program starts with none."""
    if "matplotlib" not in sys.modules:
        return
    import io
    import matplotlib.pyplot as plt
    if "pandas" in sys.modules:
        import pandas.plotting._matplotlib  # what a DataFrame's first plot imports
    fig, ax = plt.subplots()
    ax.plot([0, 1], [1, 0], label="warm")
    ax.set_title("warm")
    ax.legend()
    fig.savefig(io.BytesIO(), format="png", dpi=40)
    plt.close("all")


def answer_clone3(seccomp):
    """Starts threads under gVisor: Debian's runsc (20221219) applies the container's seccomp profile
    with EPERM for every errno action, so clone3 gets EPERM where the profile says ENOSYS, and glibc
    falls back from clone3 to clone only on ENOSYS. No thread would start in process 1 (OpenBLAS
    starts its pool when numpy is imported, and printed its failure to the program's stderr) nor in
    a program whose tier turns the kernel filter off. This filter, loaded first, answers ENOSYS: of
    two filters' errno answers the most recently loaded one's is returned."""
    f = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
    f.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
    f.load()


def main():
    if len(sys.argv) != 2:
        fail("usage: init.py CONFIG")
    try:
        cfg = json.loads(sys.argv[1])
    except ValueError as e:
        fail("config is not JSON: %s" % e)
    become_init(cfg)
    # Under runc the kernel drops signals to a PID namespace's init that it has no handler for;
    # gVisor does not, so process 1 ignores every signal it does not use, and the program's process
    # gets back the dispositions it would have had (PROGRAM_SIGNALS).
    global PROGRAM_SIGNALS
    PROGRAM_SIGNALS = ignore_signals()
    # Not dumpable: were the program ever process 1's user, it could write this process's memory
    # through /proc/1/mem (and so escape the filters it cannot escape).
    import prctl
    global prctl_set_dumpable
    prctl_set_dumpable = prctl.set_dumpable
    prctl_set_dumpable(False)
    sys.modules.pop("prctl", None)
    sys.modules.pop("_prctl", None)

    import seccomp as libseccomp
    if libseccomp.get_api() < 3:
        libseccomp.set_api(3)  # gVisor does not answer libseccomp's probe for KILL_PROCESS
    answer_clone3(libseccomp)
    seccomp = None
    if cfg.get("seccomp", True) or cfg.get("audit_hook", True) or cfg.get("witness"):
        seccomp = libseccomp
        kernel_filter(seccomp, frozenset(cfg.get("grants", ())), False)  # fail now, not per run
    ext = None
    if cfg.get("seccomp", True) or cfg.get("audit_hook", True):
        try:
            ext = load_extension()
        except (ImportError, OSError) as e:
            fail("load %s: %s: rebuild the image (sbxgate image build)" % (EXTENSION, e))
    as_program(cfg, prepare_matplotlib)
    t0 = time.monotonic()
    import warnings
    with warnings.catch_warnings():
        # Nothing may reach standard error before the ready line (a package's deprecation notice).
        warnings.simplefilter("ignore")
        for name in cfg.get("preload", ()):
            try:
                __import__(name)
            except ImportError as e:
                fail("preload %s: %s: rebuild the image (sbxgate image build) or fix modules.preload" % (name, e))
        settle_packages()
        warm_plotting()
    preload_ms = int((time.monotonic() - t0) * 1000)
    # Ready: the runner hands this container a program only now (a warm pool counts it from here).
    os.write(2, b"sbxgate-ready\n")

    idle = cfg.get("idle_ms", 0)
    idle_deadline = time.monotonic() + idle / 1000 if idle > 0 else None
    header = read_line(0, MAX_HEADER, idle_deadline)
    if header is None:
        os._exit(0)  # the pool closed us without a program
    try:
        h = json.loads(header)
        path, size, preload = h["path"], h["size"], h.get("preload", [])
        files, out_limits = h.get("files", []), h.get("out", NO_ARTIFACTS)
        if not isinstance(path, str) or not isinstance(size, int) or not 0 <= size <= MAX_SOURCE:
            raise ValueError("bad path or size")
        if not isinstance(preload, list) or not all(isinstance(m, str) for m in preload):
            raise ValueError("bad preload")
        if not isinstance(files, list) or len(files) > MAX_FILES_IN:
            raise ValueError("bad files")
        for f in files:
            if not isinstance(f, dict) or name_problem(f.get("name")) or f["name"].split("/")[0] == OUT_DIR \
                    or not isinstance(f.get("size"), int) or f["size"] < 0:
                raise ValueError("bad file %r" % (f,))
        if not isinstance(out_limits, dict) or not all(isinstance(out_limits.get(k), int) and out_limits[k] >= 0
                                                       for k in ("max_count", "max_bytes", "max_file_bytes")):
            raise ValueError("bad out limits")
    except (ValueError, KeyError, TypeError) as e:
        fail("bad program header: %s" % e)
    source = read_exact(0, size, None)
    # The workspace is the program's: its files are its user's, as if it had made them.
    as_program(cfg, make_workspace, files)
    # Held until the artifacts are collected: the program may rename /tmp/work or put a link there.
    ws_fd = os.open(WORKSPACE, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    # The native code of the modules this program imports, beyond what a warm container has.
    for name in preload:
        if name not in sys.modules:
            try:
                __import__(name)
            except ImportError as e:
                fail("preload %s: %s: regenerate config/native_deps.json for this image" % (name, e))
    settle_packages()

    # The nonce is read now, before the program's process exists: under gVisor a process can open
    # process 1's descriptors through /proc/1/fd (dumpability is not enforced there), and could
    # take the nonce from the pipe. It is read into a bytearray, which the program's process
    # zeroes first thing: no other copy of it is made before the fork.
    nonce = bytearray(NONCE_LEN + 1)
    got = 0
    while got < len(nonce):
        n = os.readv(0, [memoryview(nonce)[got:]])
        if n == 0:
            fail("standard input ended before the nonce")
        got += n
    # The runner's stream is closed, and standard input is /dev/null for the program: descriptor
    # 0 must stay open, or the next descriptor made (the witness's listener) would be 0.
    null = os.open("/dev/null", os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    report_r, report_w = os.pipe2(os.O_CLOEXEC)
    # Process 1 never blocks on a descriptor the program can reach: under gVisor the program can
    # open process 1's (/proc/1/fd), so it can read the byte poll announced. O_NONBLOCK is set on
    # process 1's own open file (the program's process closes it; an open through /proc is another).
    os.set_blocking(report_r, False)
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
        nonce[:] = bytes(len(nonce))
        del nonce
        os.close(report_r)
        os.close(ws_fd)
        if witness_parent is not None:
            witness_parent.close()
        run_program(cfg, path, source, report_w, witness_child, seccomp, ext)
        os._exit(125)  # not reached
    drop_to_kill(child)
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
    nonce = bytes(nonce[:NONCE_LEN])

    sup = Supervisor(child, report_r, witness_fd, deadline)
    sup.run()
    st = kill_all(child)
    if sup.status is None and st is not None and not (os.WIFSIGNALED(st) and os.WTERMSIG(st) == signal.SIGKILL):
        # It ended by itself (its verdict, say) before the kill, at its deadline or for its output:
        # that end is its own. A process is reaped only once the kernel has freed its memory, tens
        # of milliseconds after its fatal signal for a large one: a verdict taken just before the
        # deadline was not reapable yet at the deadline's last look, and was recorded as a timeout
        # without its violation (findings/37). Whatever the kill found already ending kept the
        # status it was ending with; what it killed says SIGKILL, and is the timeout.
        sup.status = st
        sup.timed_out = False
    if sup.status is None:
        try:
            _, sup.status = os.waitpid(child, os.WNOHANG)
        except ChildProcessError:
            pass
    # What the program's process wrote before it ended is in the pipe now: read it without waiting
    # (report_r is non-blocking). A write end the program kept alive elsewhere (in flight in a
    # socket cycle, which gVisor never collects) must not hold the status line back.
    while True:
        try:
            b = os.read(report_r, 4096)
        except OSError:
            break
        if not b:
            break
        sup.add_report(b)

    _, landlock, setup_error = parse_report(sup.head)
    # After the marker the channel is the program's as much as the hook's: its lines count only as
    # the details of a verdict the termination shows, and only those of the verdict's capability.
    lines, _, _ = parse_report(sup.report)
    violations, sig, code = [], 0, 0
    verdicts = verdict_signals(cfg)
    if sup.thread_killed and sup.status is None:
        # Ended by process 1's kill (not by itself in the meantime) because its main thread was gone (leader_dead): a kernel filter's
        # kill of that thread alone, under a runtime whose KILL_PROCESS kills only the thread.
        code = VIOLATION_EXIT
        violations = [{"capability": "unknown", "event": "seccomp",
                       "detail": "the kernel filter killed the program's main thread (SIGSYS) while other "
                                 "threads ran on (this runtime kills only the thread): a system call its "
                                 "decision does not grant"}]
    elif sup.timed_out or sup.status is None:
        code = TIMEOUT_EXIT  # the deadline, or killed for its output (OUTPUT_SIGNAL)
    elif sup.status is not None and os.WIFSIGNALED(sup.status):
        sig = os.WTERMSIG(sup.status)
        code = 128 + sig
        if signal.SIGRTMIN <= sig < signal.SIGRTMIN + len(verdicts):
            cap = verdicts[sig - signal.SIGRTMIN]
            sig, code = 0, VIOLATION_EXIT
            violations = [v for v in lines if v["capability"] == cap][-MAX_LISTED:] or [
                {"capability": cap, "event": "audit_hook",
                 "detail": "the audit hook refused an event of this capability; its report did not arrive "
                           "(the program closed, replaced or flooded its report channel)"}]
        elif sig == signal.SIGSYS:
            violations = [{"capability": "unknown", "event": "seccomp",
                           "detail": "the kernel filter killed the program (SIGSYS): a system call "
                                     "its decision does not grant (process, socket, executable memory)"}]
        elif lines and cfg.get("audit_hook", True):
            # Another signal after a report line: the hook writes its line before it sends the
            # verdict, and a signal another thread took in between (a fault, a timer) ended the
            # process first. The line may be the program's own, but it holds the channel and can
            # end itself with a verdict's signal anyway: a line it wrote only records a violation
            # against itself. The capability is the last line's, with that capability's lines.
            cap = lines[-1]["capability"]
            sig, code = 0, VIOLATION_EXIT
            violations = [v for v in lines if v["capability"] == cap][-MAX_LISTED:]
    elif sup.status is not None:
        code = os.WEXITSTATUS(sup.status)
        if code == VIOLATION_EXIT and (cfg.get("audit_hook", True) or cfg.get("seccomp", True)):
            # The hook always ends with a verdict's signal (its _exit(159) is a fallback that
            # kill(2) does not leave it), and the hook's watch with SIGSYS (its _exit(159) is for a
            # SIGSYS a handler of the program's took: a thread killed by the kernel filter alone,
            # findings/41). Either the layers ended it so, or the program exited so itself, which
            # records a violation against itself only.
            violations = [{"capability": "unknown", "event": "seccomp" if not cfg.get("audit_hook", True) else "audit_hook",
                           "detail": "exit status 159 without a verdict's signal: a thread the kernel filter "
                                     "killed alone (the watch's exit), or the program exited with the "
                                     "violation status itself"}]
    status = {"v": 1, "exit_code": code, "signal": sig, "timed_out": sup.timed_out,
              "violations": violations, "landlock": landlock, "preload_ms": preload_ms,
              "run_ms": int((time.monotonic() - start) * 1000)}
    if setup_error is not None and code == 125:
        status["error"] = setup_error
    if cfg.get("witness"):
        status["reached"] = sup.reached
        status["witness_ok"] = witness_fd is not None
    line = status_line(status)
    # The status line on standard error first: the verdict never waits on out/, whose reading the
    # program sized (a runner backstop that ends a slow collection must not cost it). Then the
    # artifacts and the end of standard output (every byte the program wrote is before it): the
    # runner has the whole result once it has read both, without waiting for the container to be
    # torn down.
    os.set_blocking(1, True)  # the program may have left the shared pipe non-blocking
    os.set_blocking(2, True)
    write_all(2, b"\n" + nonce + b" " + line + b"\n")
    try:
        send_artifacts(nonce, out_limits, ws_fd)
    except BaseException as e:  # a bug here must not cost the end marker
        write_all(1, nonce + b" skip " + json.dumps({"name": "", "reason": "collecting out/ failed: %r" % (e,)}).encode() + b"\n")
    write_all(1, nonce + b" end\n")
    os._exit(code)


# ---------------------------------------------------------------------------------------------
# The workspace: input files in, artifacts out.


def name_problem(name):
    """Why name is not a workspace file name, or None: runner.ValidName's rules exactly, which
    depend on no Unicode table (the runner's Go and this Python have different ones)."""
    if not isinstance(name, str) or not name or len(name.encode("utf-8", "surrogatepass")) > MAX_NAME:
        return "an empty or over-long name"
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return "a name that is not UTF-8"
    if name.startswith("/") or any(forbidden_char(ord(c)) for c in name):
        return "an absolute name, or one with a backslash, an invisible character or a control character"
    parts = name.split("/")
    if len(parts) > MAX_DEPTH or any(p in ("", ".", "..") for p in parts):
        return "a name with an empty, . or .. part, or too deep"
    return None


def forbidden_char(c):
    """runner.forbiddenRune: a backslash, a control character (C0, DEL, C1), or an invisible one
    that makes a name read as another (zero-width, line and paragraph separators, bidirectional
    controls, word joiners and invisible operators, the byte order mark)."""
    return (c < 0x20 or 0x7F <= c <= 0x9F or c == 0x5C or c == 0x061C or 0x200B <= c <= 0x200F
            or 0x2028 <= c <= 0x202E or 0x2060 <= c <= 0x206F or c == 0xFEFF)


def make_workspace(files):
    """Creates the workspace and out/, and writes the input files, which follow the program on
    standard input. Nothing of the program runs yet; names were checked (no link can exist)."""
    # Readable by the group, which process 1 is in: it takes the artifacts from out/.
    os.mkdir(WORKSPACE, 0o750)
    os.mkdir(WORKSPACE + "/" + OUT_DIR, 0o750)
    for f in files:
        parts = f["name"].split("/")
        d = WORKSPACE
        for p in parts[:-1]:
            d += "/" + p
            try:
                os.mkdir(d, 0o700)
            except FileExistsError:
                pass
        try:
            fd = os.open(d + "/" + parts[-1], os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
            try:
                # In pieces: a file may be as large as the tier's tmpfs, far above what process 1
                # should hold in memory.
                left = f["size"]
                while left:
                    b = os.read(0, min(left, 1 << 20))
                    if not b:
                        fail("standard input ended %d bytes before the end of input file %s" % (left, f["name"]))
                    left -= len(b)
                    mv = memoryview(b)
                    while mv:
                        mv = mv[os.write(fd, mv):]
            finally:
                os.close(fd)
        except OSError as e:
            fail("input file %s: %s: send smaller files, or ask for a tier with a larger tmpfs and file_size"
                 % (f["name"], e.strerror))


def open_checked(name, dir_fd, flags, dev):
    """Opens name in dir_fd without following a link: O_NOFOLLOW, and (gVisor follows a final link
    despite O_NOFOLLOW when O_DIRECTORY is given) the opened file must be the one lstat saw, on the
    workspace's file system."""
    import stat
    st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    if stat.S_ISLNK(st.st_mode):
        raise OSError(errno.ELOOP, "a symbolic link")
    fd = os.open(name, flags | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=dir_fd)
    fst = os.fstat(fd)
    if (fst.st_dev, fst.st_ino) != (st.st_dev, st.st_ino) or fst.st_dev != dev:
        os.close(fd)
        raise OSError(errno.ELOOP, "not the file the directory lists, or outside the workspace")
    return fd


def open_dir(root, parts, dev):
    """Opens the directory out/PARTS beneath root, never following a link."""
    fd = os.dup(root)
    try:
        for p in parts:
            nfd = open_checked(p, fd, os.O_RDONLY | os.O_DIRECTORY, dev)
            os.close(fd)
            fd = nfd
    except OSError:
        os.close(fd)
        raise
    return fd


def shown(name):
    """A name of out/ as it may be shown: valid text, no control characters, bounded."""
    s = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    s = "".join(c if c.isprintable() else "?" for c in s)
    return s[:100] + ("..." if len(s) > 100 else "")


def send_artifacts(nonce, limits, ws_fd):
    """Writes the trailer's entries: every regular file beneath out/, in name order, directory by
    directory. The program and every process it made are gone, so nothing changes under the walk;
    still, out/ is found from the workspace directory process 1 made and kept open (the program
    may have renamed or replaced /tmp/work), each part is opened relative to its directory without
    following links and must be on the workspace's file system, and only regular files are read.
    Links, special files and bad names are listed as skipped, never read.

    Process 1 is not the program's user: what the program made readable to itself alone (a copy
    of an input file, tempfile.mkstemp's 0600, mkdtemp's 0700) is made readable to the program's
    group, process 1's too, with CAP_FOWNER before it is opened. With nothing of the program left,
    nothing can replace an entry between the check that it is no link and the change."""
    import hashlib
    import stat

    def readable(name, dir_fd, st, bits):
        if st.st_mode & bits != bits:
            os.chmod(name, stat.S_IMODE(st.st_mode) | bits, dir_fd=dir_fd)
    max_count, max_bytes, max_file = limits["max_count"], limits["max_bytes"], limits["max_file_bytes"]
    skipped, more = [], 0
    sent, left, scanned = 0, max_bytes, 0

    def skip(name, reason):
        nonlocal more
        if len(skipped) < MAX_SKIPPED:
            skipped.append({"name": shown(name), "reason": reason})
        else:
            more += 1

    ws = os.fstat(ws_fd)
    dev = ws.st_dev
    try:
        if ws.st_mode & 0o050 != 0o050:
            os.fchmod(ws_fd, stat.S_IMODE(ws.st_mode) | 0o050)
        st = os.stat(OUT_DIR, dir_fd=ws_fd, follow_symlinks=False)
        if stat.S_ISDIR(st.st_mode):
            readable(OUT_DIR, ws_fd, st, 0o050)
        root = open_checked(OUT_DIR, ws_fd, os.O_RDONLY | os.O_DIRECTORY, dev)
    except OSError as e:
        if e.errno != errno.ENOENT:
            skip(OUT_DIR, "out is not a directory (%s): nothing was read" % e.strerror)
        root = None
    stack = [[]] if root is not None else []
    while stack:
        parts = stack.pop()
        try:
            dfd = open_dir(root, parts, dev)
        except OSError as e:
            skip("/".join(parts), "cannot open the directory: %s" % e.strerror)
            continue
        try:
            names = []
            with os.scandir(dfd) as it:
                for entry in it:
                    scanned += 1
                    if scanned > MAX_SCAN:
                        skip("/".join(parts + [entry.name]), "out/ has more than %d entries: the rest were not looked at" % MAX_SCAN)
                        break
                    names.append(entry.name)
            subdirs = []
            for n in sorted(names):
                rel = "/".join(parts + [n])
                problem = name_problem(rel)
                if problem:
                    skip(rel, "%s: write plain file names" % problem)
                    continue
                try:
                    st = os.stat(n, dir_fd=dfd, follow_symlinks=False)
                except OSError as e:
                    skip(rel, e.strerror)
                    continue
                if stat.S_ISDIR(st.st_mode):
                    if len(parts) + 1 >= MAX_DEPTH:
                        skip(rel, "a directory too deep: at most %d levels" % (MAX_DEPTH - 1))
                        continue
                    try:
                        readable(n, dfd, st, 0o050)
                    except OSError as e:
                        skip(rel, "cannot open the directory: %s" % e.strerror)
                        continue
                    subdirs.append(parts + [n])
                    continue
                if stat.S_ISLNK(st.st_mode):
                    skip(rel, "a symbolic link: artifacts are regular files; what it points to was not read")
                    continue
                if not stat.S_ISREG(st.st_mode):
                    skip(rel, "not a regular file: nothing was read")
                    continue
                if sent >= max_count:
                    skip(rel, "over files.out.max_count (%d): not returned" % max_count)
                    continue
                try:
                    readable(n, dfd, st, 0o040)
                    fd = open_checked(n, dfd, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY, dev)
                except OSError as e:
                    skip(rel, e.strerror)
                    continue
                try:
                    st = os.fstat(fd)
                    if not stat.S_ISREG(st.st_mode):
                        skip(rel, "not a regular file: nothing was read")
                        continue
                    # Only what is sent is read: a file beyond it (sparse, or a link to another,
                    # costs the program nothing) is not hashed to its end. Its size is its length.
                    want = min(max_file, left)
                    content, h, size = bytearray(), hashlib.sha256(), st.st_size
                    while len(content) < want:
                        b = os.read(fd, min(want - len(content), 1 << 20))
                        if not b:
                            break
                        content += b
                    if len(content) == size and not os.read(fd, 1):
                        h.update(content)
                    else:
                        h = None  # truncated: no digest of bytes that were not read
                        size = max(size, len(content) + 1)
                except OSError as e:
                    skip(rel, e.strerror)
                    continue
                finally:
                    os.close(fd)
                left -= len(content)
                sent += 1
                meta = {"name": rel, "size": size, "sha256": h.hexdigest() if h else "", "length": len(content),
                        "truncated": h is None}
                write_all(1, nonce + b" file " + json.dumps(meta, ensure_ascii=False).encode() + b"\n" + bytes(content))
            stack.extend(reversed(subdirs))
        finally:
            os.close(dfd)
    if root is not None:
        os.close(root)
    if more:
        skipped[-1] = {"name": "", "reason": "%d more entries were skipped" % (more + 1)}
    for s in skipped:
        write_all(1, nonce + b" skip " + json.dumps(s).encode() + b"\n")


def status_line(status):
    """The status as one line of at most MAX_STATUS bytes: the violations' texts (the program's
    words, as long as it made them) are cut, and the last ones dropped, until it fits; the verdict
    (exit code, signal, timeout) always does."""
    for v in status["violations"]:
        for k in ("capability", "event", "detail"):
            v[k] = v[k].encode("utf-8", "replace")[:200].decode("utf-8", "ignore")
    while True:
        line = json.dumps(status, separators=(",", ":"), ensure_ascii=False).encode("utf-8", "replace")
        if len(line) <= MAX_STATUS or not status["violations"]:
            return line
        status["violations"] = status["violations"][:-1]


def write_all(fd, data):
    while data:
        try:
            data = data[os.write(fd, data):]
        except InterruptedError:
            continue
        except OSError:
            return


if __name__ == "__main__":
    main()

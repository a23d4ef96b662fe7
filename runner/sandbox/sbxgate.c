/*
 * _sbxgate: the parts of the sandbox's enforcement that must not be Python.
 *
 * The runner image builds this file (sbxgate image build compiles it in a throwaway Debian root
 * with gcc and python3-dev, neither of which ships in the image), and sandbox/init.py loads it by
 * path in the program's process, before the program runs:
 *
 *   landlock(dirs, files)  restricts, with Landlock, every write access of the calling process
 *                          and its children to beneath dirs and to files: /proc/self/mem
 *                          (writable through read-only executable mappings), /dev/shm and the rest
 *                          of the file system become unwritable, whatever path spelling, symbolic
 *                          link, file descriptor or reopen the program uses. Where the ABI has
 *                          scopes, signals and abstract Unix sockets outside the domain (process 1)
 *                          are refused too.
 *   install(config)        installs the audit hook (PEP 578). Written in C, the hook has no frame,
 *                          closure or object the program can reach, runs no Python code (event
 *                          arguments are read only when their type is exactly str, bytes, int,
 *                          tuple or list), cannot be interrupted by a Python signal handler, and
 *                          cannot be removed. It judges on a stack of its own, whatever is
 *                          left of the program's. A violation blocks every signal in its thread,
 *                          writes one JSON line to the report descriptor without waiting, and
 *                          ends the process with the real-time signal of its capability, sent to
 *                          its own thread, which nothing catches (process 1 reads the verdict
 *                          from it).
 *   watch()                starts a thread that ends the process with SIGSYS, as the kernel
 *                          filter's kill would have, when the thread holding the interpreter lock
 *                          no longer exists: a runtime that takes SECCOMP_RET_KILL_PROCESS for
 *                          KILL_THREAD (Debian's runsc) killed only the refused thread, and the
 *                          others waited for its lock forever (findings/40, 41). Called after
 *                          Landlock and the filters are in place, which the thread inherits.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <frameobject.h>
/* The interpreter lock's state (watch): CPython 3.11's runtime structure, as the image's headers
 * describe it. */
#define Py_BUILD_CORE 1
#undef _PyGC_FINALIZED /* objimpl.h defines it for extensions, pycore_gc.h again */
#include <internal/pycore_runtime.h>
#undef Py_BUILD_CORE

#include <errno.h>
#include <stddef.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define VIOLATION_EXIT 159

/* Landlock's UAPI, spelled out so the build does not depend on the kernel headers' version. */
#ifndef __NR_landlock_create_ruleset
#define __NR_landlock_create_ruleset 444
#define __NR_landlock_add_rule 445
#define __NR_landlock_restrict_self 446
#endif
#define LL_CREATE_RULESET_VERSION (1U << 0)
#define LL_RULE_PATH_BENEATH 1
#define LL_FS_EXECUTE (1ULL << 0)
#define LL_FS_WRITE_FILE (1ULL << 1)
#define LL_FS_READ_FILE (1ULL << 2)
#define LL_FS_READ_DIR (1ULL << 3)
#define LL_FS_REMOVE_DIR (1ULL << 4)
#define LL_FS_REMOVE_FILE (1ULL << 5)
#define LL_FS_MAKE_CHAR (1ULL << 6)
#define LL_FS_MAKE_DIR (1ULL << 7)
#define LL_FS_MAKE_REG (1ULL << 8)
#define LL_FS_MAKE_SOCK (1ULL << 9)
#define LL_FS_MAKE_FIFO (1ULL << 10)
#define LL_FS_MAKE_BLOCK (1ULL << 11)
#define LL_FS_MAKE_SYM (1ULL << 12)
#define LL_FS_REFER (1ULL << 13)
#define LL_FS_TRUNCATE (1ULL << 14)
#define LL_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define LL_SCOPE_SIGNAL (1ULL << 1)

struct ll_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

struct ll_path_beneath_attr {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

static int add_path(int ruleset, PyObject *path, uint64_t access)
{
    if (!PyUnicode_CheckExact(path)) {
        PyErr_SetString(PyExc_TypeError, "landlock: paths must be str");
        return -1;
    }
    const char *p = PyUnicode_AsUTF8(path);
    if (p == NULL)
        return -1;
    int fd = open(p, O_PATH | O_CLOEXEC);
    if (fd < 0) {
        PyErr_SetFromErrnoWithFilename(PyExc_OSError, p);
        return -1;
    }
    struct ll_path_beneath_attr attr = {.allowed_access = access, .parent_fd = fd};
    long r = syscall(__NR_landlock_add_rule, ruleset, LL_RULE_PATH_BENEATH, &attr, 0);
    int saved = errno;
    close(fd);
    if (r != 0) {
        errno = saved;
        PyErr_SetFromErrnoWithFilename(PyExc_OSError, p);
        return -1;
    }
    return 0;
}

/* landlock(dirs: tuple[str], files: tuple[str]) -> int: the ABI version applied, 0 when the
 * kernel has no Landlock (the caller decides whether that is acceptable). */
static PyObject *sbx_landlock(PyObject *self, PyObject *args)
{
    PyObject *dirs, *files;
    if (!PyArg_ParseTuple(args, "O!O!", &PyTuple_Type, &dirs, &PyTuple_Type, &files))
        return NULL;
    long abi = syscall(__NR_landlock_create_ruleset, NULL, 0, LL_CREATE_RULESET_VERSION);
    if (abi < 0) {
        /* No Landlock: not built in, disabled, or refused by the runtime (gVisor answers EPERM).
         * The caller then checks what Landlock would have closed. */
        if (errno == ENOSYS || errno == EOPNOTSUPP || errno == EPERM)
            return PyLong_FromLong(0);
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    uint64_t dir_access = LL_FS_WRITE_FILE | LL_FS_REMOVE_DIR | LL_FS_REMOVE_FILE | LL_FS_MAKE_CHAR |
                          LL_FS_MAKE_DIR | LL_FS_MAKE_REG | LL_FS_MAKE_SOCK | LL_FS_MAKE_FIFO |
                          LL_FS_MAKE_BLOCK | LL_FS_MAKE_SYM;
    uint64_t file_access = LL_FS_WRITE_FILE;
    if (abi >= 2)
        dir_access |= LL_FS_REFER;
    if (abi >= 3) {
        dir_access |= LL_FS_TRUNCATE;
        file_access |= LL_FS_TRUNCATE;
    }
    struct ll_ruleset_attr attr = {.handled_access_fs = dir_access};
    size_t size = offsetof(struct ll_ruleset_attr, handled_access_net);
    if (abi >= 6) {
        attr.scoped = LL_SCOPE_ABSTRACT_UNIX_SOCKET | LL_SCOPE_SIGNAL;
        size = sizeof(attr);
    }
    long ruleset = syscall(__NR_landlock_create_ruleset, &attr, size, 0);
    if (ruleset < 0)
        return PyErr_SetFromErrno(PyExc_OSError);
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(dirs); i++)
        if (add_path((int)ruleset, PyTuple_GET_ITEM(dirs, i), dir_access) < 0)
            goto fail;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(files); i++)
        if (add_path((int)ruleset, PyTuple_GET_ITEM(files, i), file_access) < 0)
            goto fail;
    if (syscall(__NR_landlock_restrict_self, ruleset, 0) != 0) {
        PyErr_SetFromErrno(PyExc_OSError);
        goto fail;
    }
    close((int)ruleset);
    return PyLong_FromLong(abi);
fail:
    close((int)ruleset);
    return NULL;
}

/* The hook's configuration, held only here. */
static int installed;
static int report_fd = -1;
static pid_t own_pid;
static int grant_process, grant_network, grant_native;
static PyObject *allow_set, *deny_set, *native_set, *modcaps, *workspace, *writable_files, *trusted,
    *importlib_files, *frame_attrs, *program_code, *program_path;

/* ---- the report ---- */

/* put_json_string appends s (UTF-8) as a JSON string of at most max bytes of s, cut at a character
 * boundary. An escaped byte takes at most 6 bytes, so the caller sizes buf for 6 * max + 2. */
static void put_json_string(char *buf, size_t *n, const char *s, size_t max)
{
    size_t len = strnlen(s, max);
    if (len == max)
        while (len > 0 && ((unsigned char)s[len] & 0xC0) == 0x80)
            len--;
    buf[(*n)++] = '"';
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            buf[(*n)++] = '\\';
            buf[(*n)++] = (char)c;
        } else if (c < 0x20) {
            *n += (size_t)snprintf(buf + *n, 7, "\\u%04x", c);
        } else {
            buf[(*n)++] = (char)c;
        }
    }
    buf[(*n)++] = '"';
}

/* The report line's parts, in characters: with every character escaped, the line stays under
 * PIPE_BUF (4096 bytes), so its one write(2) is never interleaved with the program's. */
enum { MAX_CAPABILITY = 40, MAX_EVENT = 160, MAX_DETAIL = 400 };

/* report_dev and report_ino identify the report channel as installed: a descriptor the program
 * renumbered (dup2 of a pipe of its own over it) is not written to. */
static dev_t report_dev;
static ino_t report_ino;

/* verdict_signals names the capability each real-time signal stands for: the hook ends the process
 * with SIGRTMIN + i for verdict_signals[i]. Process 1 reads the capability from the termination,
 * and takes from the report channel, which the program can write too, only lines of that
 * capability (or, if the process died by another signal after a report line, the line: see
 * init.py). */
static PyObject *verdict_signals;

static int verdict_signal(const char *capability)
{
    int sig = -1;
    for (Py_ssize_t i = 0; verdict_signals != NULL && i < PyTuple_GET_SIZE(verdict_signals); i++) {
        const char *name = PyUnicode_AsUTF8(PyTuple_GET_ITEM(verdict_signals, i));
        if (name != NULL && strcmp(name, capability) == 0) {
            sig = SIGRTMIN + (int)i;
            break;
        }
    }
    PyErr_Clear();
    if (sig < 0 && verdict_signals != NULL && PyTuple_GET_SIZE(verdict_signals) > 0)
        sig = SIGRTMIN; /* the first verdict is "unknown" (init.py) */
    return sig;
}

/* forced_signal: a signal the kernel raises for a fault of the thread that takes it. Ignoring one
 * does not ignore it: a fault the kernel forces on an ignored (or blocked) signal resets it to its
 * default action, which ends the process. A thread of the program that faults in a loop (a read of
 * a mapping past the end of its truncated file, in C code without the interpreter lock, with a
 * handler that returns) would end the process with that signal the moment die() ignored it, before
 * the verdict (findings/32). Left as the program set them, such faults run only its C-level
 * handler; the queue they take is a few entries. */
static int forced_signal(int s)
{
    return s == SIGSEGV || s == SIGBUS || s == SIGILL || s == SIGFPE || s == SIGTRAP || s == SIGSYS;
}

/* die ends the process with the verdict's signal, called with every signal blocked in this thread.
 *
 * A signal mask is a thread's: the program's other threads (waiting for the interpreter lock, in a
 * system call, or in C code that released the lock) keep theirs, and a process-directed signal
 * whose action is the default terminate (SIGALRM from the program's timer, SIGXCPU, a fault in a
 * thread hashing a truncated mapping) ends the whole process through any of them. So the verdict
 * does not go to the process, where another thread or a lower-numbered pending signal could be
 * taken first: it is sent to this thread (tgkill), whose mask now lets only it through, and it is
 * taken as this thread returns from that call. The window in which another thread can end the
 * process otherwise is these three calls, after the report line is written: process 1 takes a
 * death by another signal after a report line as a violation (init.py). */
static void die(const char *capability)
{
    int sig = verdict_signal(capability);
    if (sig >= SIGRTMIN && sig <= SIGRTMAX) {
        /* The default action (terminate), whatever the program installed or blocked. */
        struct sigaction sa;
        memset(&sa, 0, sizeof(sa));
        sa.sa_handler = SIG_DFL;
        sigaction(sig, &sa, NULL);
        sigset_t set;
        sigfillset(&set);
        sigdelset(&set, sig);
        pthread_sigmask(SIG_SETMASK, &set, NULL);
        pid_t pid = getpid();
        if (syscall(SYS_tgkill, pid, (pid_t)syscall(SYS_gettid), sig) == 0)
            _exit(VIOLATION_EXIT); /* not reached: the signal is taken as the call returns */
        /* A real-time signal sent by tgkill fails with EAGAIN when the user's queue of pending
         * signals is full, which the program can make it (kill of a blocked signal to itself).
         * Every other signal but the faults (forced_signal) is now ignored, which discards the
         * program's pending ones (no handler of the program's can run, no default action end the
         * process), and the
         * verdict goes to the process with kill(2): Linux makes an SI_USER signal pending even
         * with a full queue, and only this thread's mask surely lets it through. */
        for (int s = 1; s <= SIGRTMAX; s++) {
            if (s == sig || s == SIGKILL || s == SIGSTOP || forced_signal(s))
                continue;
            struct sigaction ign;
            memset(&ign, 0, sizeof(ign));
            ign.sa_handler = SIG_IGN;
            sigaction(s, &ign, NULL); /* glibc's own signals refuse it: EINVAL, ignored */
        }
        if (syscall(SYS_tgkill, pid, (pid_t)syscall(SYS_gettid), sig) != 0)
            kill(pid, sig);
    }
    _exit(VIOLATION_EXIT); /* reached only if no signal could be sent: process 1 records exit 159 */
}

static void violation(const char *capability, const char *event, const char *detail)
{
    /* From the verdict on, no signal is delivered to this thread: no handler of the program's runs
     * in it, no default action is taken by it; die() lets only the verdict's through. Other threads
     * are die()'s concern. */
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL);
    char buf[48 + 6 * (MAX_CAPABILITY + MAX_EVENT + MAX_DETAIL)];
    _Static_assert(sizeof(buf) < 4096, "the report line must fit in PIPE_BUF");
    size_t n = 0;
    memcpy(buf, "{\"capability\":", 14);
    n = 14;
    put_json_string(buf, &n, capability, MAX_CAPABILITY);
    memcpy(buf + n, ",\"event\":", 9);
    n += 9;
    put_json_string(buf, &n, event, MAX_EVENT);
    memcpy(buf + n, ",\"detail\":", 10);
    n += 10;
    put_json_string(buf, &n, detail, MAX_DETAIL);
    buf[n++] = '}';
    buf[n++] = '\n';
    /* The report first, and it never waits: one write of less than PIPE_BUF bytes (whole or not at
     * all), only to the installed channel, made non-blocking here (the program holds the same
     * open file and may have made it blocking). A channel the program filled loses the line, not
     * the verdict: a wait for room was a window the program could stretch (keeping process 1
     * busy) and aim a signal at. The line comes before the verdict's signal so that a death by
     * another signal in between still leaves it for process 1. */
    struct stat st;
    if (report_fd >= 0 && fstat(report_fd, &st) == 0 && st.st_dev == report_dev && st.st_ino == report_ino) {
        int fl = fcntl(report_fd, F_GETFL);
        if (fl >= 0 && fcntl(report_fd, F_SETFL, fl | O_NONBLOCK) == 0) {
            ssize_t w = write(report_fd, buf, n);
            (void)w;
        }
    }
    /* Nothing is flushed: a flush runs the interpreter's I/O machinery (which runs pending Python
     * signal handlers and blocks on descriptors the program may have renumbered). The program's
     * standard output is line-buffered (init.py): a partial last line is what is lost. */
    die(capability);
}

/* show writes a bounded text of an event argument into buf, without calling any code of the
 * program's: only objects of exactly the builtin types are read. */
static void show(PyObject *x, char *buf, size_t cap, int depth)
{
    buf[0] = 0;
    if (x == NULL || cap < 16)
        return;
    if (PyUnicode_CheckExact(x)) {
        const char *s = PyUnicode_AsUTF8(x);
        if (s == NULL) {
            PyErr_Clear();
            snprintf(buf, cap, "<str>");
        } else {
            snprintf(buf, cap, "%.160s", s);
        }
    } else if (PyBytes_CheckExact(x)) {
        snprintf(buf, cap, "%.*s", (int)(PyBytes_GET_SIZE(x) < 160 ? PyBytes_GET_SIZE(x) : 160), PyBytes_AS_STRING(x));
    } else if (PyLong_CheckExact(x)) {
        long long v = PyLong_AsLongLong(x);
        if (v == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            snprintf(buf, cap, "<int>");
        } else {
            snprintf(buf, cap, "%lld", v);
        }
    } else if (x == Py_None) {
        snprintf(buf, cap, "None");
    } else if ((PyTuple_CheckExact(x) || PyList_CheckExact(x)) && depth < 2) {
        size_t n = 0;
        buf[n++] = '[';
        Py_ssize_t len = PySequence_Fast_GET_SIZE(x);
        for (Py_ssize_t i = 0; i < len && i < 8 && n + 8 < cap; i++) {
            if (i > 0) {
                buf[n++] = ',';
                buf[n++] = ' ';
            }
            show(PySequence_Fast_GET_ITEM(x, i), buf + n, cap - n - 2, depth + 1);
            n += strlen(buf + n);
        }
        buf[n++] = ']';
        buf[n] = 0;
    } else {
        snprintf(buf, cap, "<object>");
    }
}

static void violation_obj(const char *capability, const char *event, const char *prefix, PyObject *x)
{
    char shown[512], detail[600];
    show(x, shown, sizeof(shown), 0);
    snprintf(detail, sizeof(detail), "%s%s", prefix, shown);
    violation(capability, event, detail);
}

/* ---- who raised the event ---- */

static int has_prefix(PyObject *s, PyObject *prefixes)
{
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(prefixes); i++) {
        Py_ssize_t r = PyUnicode_Tailmatch(s, PyTuple_GET_ITEM(prefixes, i), 0, PY_SSIZE_T_MAX, -1);
        if (r == 1)
            return 1;
        if (r < 0)
            PyErr_Clear();
    }
    return 0;
}

/* untrusted_caller reports whether the code that raised the event is outside the installed
 * library (the program's own code, or code it compiled). With skip_importlib, frames of the
 * import machinery are passed over first, so importlib.import_module is judged by its caller. */
static int untrusted_caller(int skip_importlib)
{
    PyFrameObject *f = PyEval_GetFrame();
    Py_XINCREF(f);
    int untrusted = 0;
    while (f != NULL) {
        PyCodeObject *code = PyFrame_GetCode(f);
        PyObject *fn = code->co_filename;
        int skip = 0;
        if (skip_importlib && PyUnicode_CheckExact(fn)) {
            int c = PySet_Contains(importlib_files, fn);
            if (c < 0)
                PyErr_Clear();
            skip = c == 1;
        }
        if (!skip) {
            untrusted = !PyUnicode_CheckExact(fn) || !has_prefix(fn, trusted);
            Py_DECREF(code);
            break;
        }
        Py_DECREF(code);
        PyFrameObject *back = PyFrame_GetBack(f);
        Py_DECREF(f);
        f = back;
    }
    Py_XDECREF(f);
    return untrusted;
}

/* ---- the policy ---- */

static int in_set(PyObject *set, PyObject *s)
{
    int c = PySet_Contains(set, s);
    if (c < 0)
        PyErr_Clear();
    return c == 1;
}

static int contains_cstr(PyObject *set, const char *s, Py_ssize_t len)
{
    PyObject *o = PyUnicode_FromStringAndSize(s, len);
    if (o == NULL) {
        PyErr_Clear();
        return 0;
    }
    int r = in_set(set, o);
    Py_DECREF(o);
    return r;
}

/* module_allowed: the name, or a parent package of it, is allowed and none is denied; or the name
 * is a parent package of an allowed module (importing urllib.parse imports urllib). */
static int module_allowed(const char *name)
{
    size_t len = strlen(name);
    for (size_t i = len + 1; i-- > 0;) {
        if (i == len || name[i] == '.') {
            if (contains_cstr(deny_set, name, (Py_ssize_t)i))
                return 0;
        }
    }
    for (size_t i = len + 1; i-- > 0;) {
        if (i == len || name[i] == '.') {
            if (contains_cstr(allow_set, name, (Py_ssize_t)i))
                return 1;
        }
    }
    PyObject *it = PyObject_GetIter(allow_set);
    if (it == NULL) {
        PyErr_Clear();
        return 0;
    }
    PyObject *a;
    int found = 0;
    while (!found && (a = PyIter_Next(it)) != NULL) {
        const char *s = PyUnicode_AsUTF8(a);
        if (s != NULL && strncmp(s, name, len) == 0 && s[len] == '.')
            found = 1;
        PyErr_Clear();
        Py_DECREF(a);
    }
    Py_DECREF(it);
    return found;
}

static const char *module_capability(const char *name, char *buf, size_t cap)
{
    size_t len = strlen(name);
    for (size_t i = len + 1; i-- > 0;) {
        if (i == len || name[i] == '.') {
            PyObject *key = PyUnicode_FromStringAndSize(name, (Py_ssize_t)i);
            if (key == NULL) {
                PyErr_Clear();
                continue;
            }
            PyObject *v = PyDict_GetItemWithError(modcaps, key); /* borrowed */
            Py_DECREF(key);
            if (v != NULL && PyUnicode_CheckExact(v)) {
                const char *s = PyUnicode_AsUTF8(v);
                if (s != NULL) {
                    snprintf(buf, cap, "%s", s);
                    return buf;
                }
            }
            PyErr_Clear();
        }
    }
    return "import";
}

/* outside_workspace: an absolute, lexically normalized path outside the workspace. Lexical only:
 * what the file system lets the program write is Landlock's to decide; this names the attempt. */
static int outside_workspace(PyObject *path)
{
    const char *p = NULL;
    if (PyUnicode_CheckExact(path))
        p = PyUnicode_AsUTF8(path);
    else if (PyBytes_CheckExact(path))
        p = PyBytes_AS_STRING(path);
    if (p == NULL) {
        PyErr_Clear();
        return 0;
    }
    char full[4096], norm[4096];
    if (p[0] == '/') {
        snprintf(full, sizeof(full), "%s", p);
    } else {
        char cwd[2048];
        if (getcwd(cwd, sizeof(cwd)) == NULL)
            return 1;
        snprintf(full, sizeof(full), "%s/%s", cwd, p);
    }
    size_t n = 0;
    norm[0] = 0;
    for (char *save = NULL, *part = strtok_r(full, "/", &save); part != NULL; part = strtok_r(NULL, "/", &save)) {
        if (strcmp(part, ".") == 0)
            continue;
        if (strcmp(part, "..") == 0) {
            while (n > 0 && norm[n - 1] != '/')
                n--;
            if (n > 0)
                n--;
            norm[n] = 0;
            continue;
        }
        n += (size_t)snprintf(norm + n, sizeof(norm) - n, "/%s", part);
        if (n >= sizeof(norm) - 1)
            return 1;
    }
    if (n == 0) {
        norm[0] = '/';
        norm[1] = 0;
    }
    if (contains_cstr(writable_files, norm, (Py_ssize_t)strlen(norm)))
        return 0;
    strncat(norm, "/", sizeof(norm) - strlen(norm) - 1);
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(workspace); i++) {
        const char *w = PyUnicode_AsUTF8(PyTuple_GET_ITEM(workspace, i));
        if (w != NULL && strncmp(norm, w, strlen(w)) == 0)
            return 0;
        PyErr_Clear();
    }
    return 1;
}

static int str_eq(PyObject *o, const char *s)
{
    if (!PyUnicode_CheckExact(o))
        return 0;
    return PyUnicode_CompareWithASCIIString(o, s) == 0;
}

static PyObject *arg(PyObject *args, Py_ssize_t i)
{
    return PyTuple_Check(args) && PyTuple_GET_SIZE(args) > i ? PyTuple_GET_ITEM(args, i) : NULL;
}

static int is(const char *event, const char *const *names)
{
    for (; *names; names++)
        if (strcmp(event, *names) == 0)
            return 1;
    return 0;
}

static const char *const process_events[] = {"os.system", "os.exec", "os.fork", "os.forkpty", "os.posix_spawn",
                                             "os.spawn", "os.startfile", "subprocess.Popen", "pty.spawn",
                                             "webbrowser.open", "os.killpg", NULL};
static const char *const network_events[] = {"socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyaddr",
                                             "socket.getnameinfo", "socket.sethostname", "http.client.connect",
                                             "urllib.Request", "ftplib.connect", "smtplib.connect", "imaplib.open",
                                             "poplib.connect", "nntplib.connect", "telnetlib.Telnet.open", NULL};
static const char *const native_events[] = {"sqlite3.enable_load_extension", "sqlite3.load_extension",
                                            "os.add_dll_directory", "cpython.PyInterpreterState_New", NULL};
/* Refused for every caller: ways to observe or rebuild the interpreter's own machinery. */
static const char *const machinery_events[] = {"sys.addaudithook", "sys.settrace", "sys.setprofile",
                                               "sys._current_frames", "sys._current_exceptions", "gc.get_objects",
                                               "gc.get_referrers", "gc.get_referents",
                                               "cpython._PySys_ClearAuditHooks", NULL};
static const char *const path_events[] = {"os.remove", "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.truncate",
                                          "os.utime", "os.link", "os.symlink", "os.rename", NULL};

static int judge(const char *event, PyObject *args)
{
    char buf[256];
    if (is(event, machinery_events))
        violation_obj("introspection", event, "", args);
    if (strcmp(event, "code.__new__") == 0)
        violation("dynamic_code", event, "a code object built from parts");
    if (!grant_process && is(event, process_events))
        violation_obj("process", event, "", args);
    if (strcmp(event, "os.kill") == 0) {
        PyObject *pid = arg(args, 0);
        if (!grant_process) {
            long p = PyLong_CheckExact(pid) ? PyLong_AsLong(pid) : -1;
            PyErr_Clear();
            if (!PyLong_CheckExact(pid) || (p != own_pid && p != 0))
                violation_obj("process", event, "", args);
        }
        return 0;
    }
    if (strcmp(event, "socket.__new__") == 0) {
        PyObject *family = arg(args, 1);
        if (!grant_network) {
            long fam = PyLong_CheckExact(family) ? PyLong_AsLong(family) : -1;
            PyErr_Clear();
            if (fam != 1 /* AF_UNIX */)
                violation_obj("network", event, "family ", family);
        }
        return 0;
    }
    if (strcmp(event, "socket.connect") == 0 || strcmp(event, "socket.bind") == 0 ||
        strcmp(event, "socket.sendto") == 0 || strcmp(event, "socket.sendmsg") == 0) {
        PyObject *addr = arg(args, 1);
        if (!grant_network && !(addr != NULL && (PyUnicode_CheckExact(addr) || PyBytes_CheckExact(addr))))
            violation_obj("network", event, "", addr);
        return 0;
    }
    if (!grant_network && is(event, network_events))
        violation_obj("network", event, "", args);
    if (!grant_native && (is(event, native_events) || strncmp(event, "ctypes.", 7) == 0))
        violation_obj("native_code", event, "", args);
    if (strcmp(event, "import") == 0) {
        PyObject *name = arg(args, 0);
        if (name == NULL || !PyUnicode_CheckExact(name))
            violation("import", event, "a module name that is not a str");
        const char *s = PyUnicode_AsUTF8(name);
        if (s == NULL) {
            PyErr_Clear();
            violation("import", event, "a module name that is not valid text");
        }
        const char *dot = strchr(s, '.');
        if (!grant_native && (in_set(native_set, name) || contains_cstr(native_set, s, dot ? dot - s : (Py_ssize_t)strlen(s))))
            violation("native_code", event, s);
        if (untrusted_caller(1) && !module_allowed(s)) {
            char detail[300];
            snprintf(detail, sizeof(detail), "%.200s is outside the allowed module set", s);
            violation(module_capability(s, buf, sizeof(buf)), event, detail);
        }
        return 0;
    }
    if (strcmp(event, "open") == 0) {
        PyObject *flags = arg(args, 2);
        if (flags != NULL && PyLong_CheckExact(flags)) {
            long f = PyLong_AsLong(flags);
            PyErr_Clear();
            if ((f & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND)) && outside_workspace(arg(args, 0)))
                violation_obj("filesystem", event, "write outside the workspace: ", arg(args, 0));
        }
        return 0;
    }
    if (is(event, path_events)) {
        for (Py_ssize_t i = 0; PyTuple_Check(args) && i < PyTuple_GET_SIZE(args); i++) {
            PyObject *p = PyTuple_GET_ITEM(args, i);
            if ((PyUnicode_CheckExact(p) || PyBytes_CheckExact(p)) && outside_workspace(p))
                violation_obj("filesystem", event, "outside the workspace: ", p);
        }
        return 0;
    }
    if (strcmp(event, "exec") == 0) {
        if (arg(args, 0) != program_code && untrusted_caller(0))
            violation("dynamic_code", event, "eval or exec of code the program built");
        return 0;
    }
    if (strcmp(event, "compile") == 0) {
        PyObject *fn = arg(args, 1);
        if (untrusted_caller(0))
            violation_obj("dynamic_code", event, "compile of a string under ", fn);
        if (fn != NULL && PyUnicode_CheckExact(fn) && PyUnicode_Compare(fn, program_path) == 0)
            violation("integrity", event, "code compiled under the program's own name");
        PyErr_Clear();
        return 0;
    }
    if (strcmp(event, "sys._getframe") == 0) {
        if (untrusted_caller(0))
            violation("introspection", event, "the program read the call stack");
        return 0;
    }
    if (strcmp(event, "object.__getattr__") == 0) {
        PyObject *name = arg(args, 1);
        if (name != NULL && PyUnicode_CheckExact(name) && in_set(frame_attrs, name) && untrusted_caller(0))
            violation_obj("introspection", event, "read of ", name);
        return 0;
    }
    if (strcmp(event, "object.__setattr__") == 0 || strcmp(event, "object.__delattr__") == 0) {
        PyObject *name = arg(args, 1);
        if (name != NULL && str_eq(name, "__code__") && untrusted_caller(0))
            violation("introspection", event, "write of __code__");
        return 0;
    }
    if (strcmp(event, "function.__new__") == 0) {
        if (untrusted_caller(0))
            violation("dynamic_code", event, "a function built from a code object");
        return 0;
    }
    return 0;
}

/* ---- the hook's own stack ----
 *
 * CPython calls the hook on the stack of the thread that raised the event, and the program sizes
 * that stack (threading.stack_size) and fills it (C-level recursion, with the recursion limit
 * raised): with less room left than a refusal takes (its report line alone is 3.6 KiB), the hook
 * faulted after its decision and before its report, and the refusal was recorded as a crash,
 * SIGSEGV, with no violation (findings/36). So the hook judges on a stack of its own, mapped at
 * install with a guard page below it: one is enough, since the hook runs with the interpreter
 * lock held. No program code may run on it: the frame objects the hook's walk makes could start a
 * collection, which runs the program's finalizers, whose events would come back to the hook
 * there, deeper and deeper; the collector is off while the hook runs. Should a nested call come
 * anyway, it is judged where it is while the stack has room for a refusal, and refused once it
 * has not. */

#if !defined(__x86_64__)
#error "sbxgate.c switches the audit hook's stack in x86-64 assembly: build the runner image on amd64"
#endif

enum { HOOK_STACK = 512 << 10, HOOK_STACK_LEFT = 64 << 10 };

static char *hook_stack_low, *hook_stack_top; /* usable part: above the guard page */
static int on_hook_stack;

/* sbx_on_stack(top, event, args) calls judge(event, args) with the stack pointer at top (16-byte
 * aligned) and returns its result. x86-64 System V: the image is amd64. */
__attribute__((visibility("hidden"))) int sbx_on_stack(char *top, const char *event, PyObject *args);
__attribute__((used, noipa)) static int judge_entry(const char *event, PyObject *args) { return judge(event, args); }
__asm__(".pushsection .text\n"
        ".p2align 4\n"
        ".globl sbx_on_stack\n"
        ".hidden sbx_on_stack\n"
        ".type sbx_on_stack, @function\n"
        "sbx_on_stack:\n"
        "    push %rbp\n"
        "    mov %rsp, %rbp\n"
        "    mov %rdi, %rsp\n"
        "    mov %rsi, %rdi\n"
        "    mov %rdx, %rsi\n"
        "    call judge_entry\n"
        "    mov %rbp, %rsp\n"
        "    pop %rbp\n"
        "    ret\n"
        ".size sbx_on_stack, .-sbx_on_stack\n"
        ".popsection\n");

static int hook(const char *event, PyObject *args, void *data)
{
    (void)data;
    if (on_hook_stack) {
        char here;
        uintptr_t sp = (uintptr_t)&here;
        if (sp >= (uintptr_t)hook_stack_low && sp < (uintptr_t)hook_stack_low + HOOK_STACK_LEFT)
            violation("integrity", event, "program code running inside the audit hook exhausted its stack");
        return judge(event, args);
    }
    int collecting = PyGC_Disable();
    on_hook_stack = 1;
    int r = sbx_on_stack(hook_stack_top, event, args);
    on_hook_stack = 0;
    if (collecting)
        PyGC_Enable();
    return r;
}

static PyObject *frozen(PyObject *cfg, const char *key)
{
    PyObject *v = PyDict_GetItemString(cfg, key); /* borrowed */
    if (v == NULL)
        return PyFrozenSet_New(NULL);
    return PyFrozenSet_New(v);
}

static PyObject *tupled(PyObject *cfg, const char *key)
{
    PyObject *v = PyDict_GetItemString(cfg, key);
    if (v == NULL)
        return PyTuple_New(0);
    PyObject *t = PySequence_Tuple(v);
    if (t == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(t); i++) {
        if (!PyUnicode_CheckExact(PyTuple_GET_ITEM(t, i))) {
            Py_DECREF(t);
            PyErr_Format(PyExc_TypeError, "install: %s must hold str", key);
            return NULL;
        }
    }
    return t;
}

/* install(config: dict) -> None. Once per process: a second call is refused. */
static PyObject *sbx_install(PyObject *self, PyObject *args)
{
    PyObject *cfg;
    if (!PyArg_ParseTuple(args, "O!", &PyDict_Type, &cfg))
        return NULL;
    if (installed) {
        PyErr_SetString(PyExc_RuntimeError, "install: the hook is installed already");
        return NULL;
    }
    PyObject *grants = frozen(cfg, "grants");
    if (grants == NULL)
        return NULL;
    PyObject *g;
    g = PyUnicode_FromString("process");
    grant_process = in_set(grants, g);
    Py_DECREF(g);
    g = PyUnicode_FromString("network");
    grant_network = in_set(grants, g);
    Py_DECREF(g);
    g = PyUnicode_FromString("native_code");
    grant_native = in_set(grants, g);
    Py_DECREF(g);
    Py_DECREF(grants);
    if ((allow_set = frozen(cfg, "allow")) == NULL || (deny_set = frozen(cfg, "deny")) == NULL ||
        (native_set = frozen(cfg, "native_modules")) == NULL || (writable_files = frozen(cfg, "writable_files")) == NULL ||
        (importlib_files = frozen(cfg, "importlib_files")) == NULL || (frame_attrs = frozen(cfg, "frame_attrs")) == NULL ||
        (workspace = tupled(cfg, "workspace")) == NULL || (trusted = tupled(cfg, "trusted")) == NULL)
        return NULL;
    modcaps = PyDict_GetItemString(cfg, "module_capabilities");
    if (modcaps == NULL || !PyDict_CheckExact(modcaps))
        modcaps = PyDict_New();
    else
        modcaps = PyDict_Copy(modcaps);
    if ((verdict_signals = tupled(cfg, "verdict_signals")) == NULL)
        return NULL;
    if (PyTuple_GET_SIZE(verdict_signals) > SIGRTMAX - SIGRTMIN + 1) {
        PyErr_SetString(PyExc_ValueError, "install: more verdict_signals than real-time signals");
        return NULL;
    }
    program_code = PyDict_GetItemString(cfg, "program_code");
    program_path = PyDict_GetItemString(cfg, "program_path");
    PyObject *fd = PyDict_GetItemString(cfg, "report_fd");
    if (modcaps == NULL || program_code == NULL || program_path == NULL || !PyUnicode_CheckExact(program_path) || fd == NULL) {
        PyErr_SetString(PyExc_ValueError, "install: program_code, program_path and report_fd are required");
        return NULL;
    }
    Py_INCREF(program_code);
    Py_INCREF(program_path);
    report_fd = (int)PyLong_AsLong(fd);
    if (PyErr_Occurred())
        return NULL;
    struct stat st;
    if (fstat(report_fd, &st) != 0) {
        PyErr_SetFromErrno(PyExc_OSError);
        return NULL;
    }
    report_dev = st.st_dev;
    report_ino = st.st_ino;
    own_pid = getpid();
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    char *m = mmap(NULL, HOOK_STACK + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (m == MAP_FAILED || mprotect(m, page, PROT_NONE) != 0) {
        PyErr_SetFromErrno(PyExc_OSError);
        return NULL;
    }
    hook_stack_low = m + page;
    hook_stack_top = m + page + HOOK_STACK;
    if (PySys_AddAuditHook(hook, NULL) < 0)
        return NULL;
    installed = 1;
    Py_RETURN_NONE;
}

/* ---- the watch on the interpreter lock's holder ----
 *
 * The kernel filter's kill is SECCOMP_RET_KILL_PROCESS, but Debian's runsc (20221219) ends only the
 * calling thread with it. A thread killed in a refused system call dies holding the interpreter
 * lock (the calls Python makes without it refuse nothing): the process lives on, every other
 * thread waits for the lock forever, and the run was recorded as a timeout with no violation
 * (findings/40 for the main thread, which process 1 sees end; findings/41 for any other thread,
 * which nothing outside the process tells from a thread that returned). A thread that ends
 * normally always drops the lock first (the only exit with it held is at the interpreter's
 * finalization, which the program's process never reaches: init.py ends it with _exit). So a lock
 * held, at two looks in a row with no switch between them, by a thread that no longer exists (or
 * is a zombie: the main thread, which stays one while others live) is the kernel filter's kill.
 * And a thread killed where it had let the lock go (native code that runs without it: a numpy loop)
 * leaves its thread state in the interpreter's list, where a thread that ends normally removes
 * it before it ends. The watch then ends the process with SIGSYS, what KILL_PROCESS would have
 * done, and process 1 records the kernel filter's violation; should a handler of the program's
 * take the signal (its other threads may run Python code in the second case), the watch exits
 * with the violation's status, 159, which process 1 records as a violation too. */

enum { WATCH_MS = 100 };
#define BUSY (~0UL)
#define BUSY_STATE ((PyThreadState *)-1)

/* thread_gone: the thread tid of this process has ended (or is a zombie). */
static int thread_gone(pid_t pid, unsigned long tid)
{
    if (tid == 0)
        return 0;
    if ((pid_t)tid != pid) {
        if (syscall(SYS_tgkill, pid, (pid_t)tid, 0) == 0)
            return 0;
        return errno == ESRCH;
    }
    /* The main thread: its task stays, a zombie, while other threads live. */
    char path[64], buf[512];
    snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return errno == ENOENT || errno == ESRCH;
    ssize_t n = read(fd, buf, sizeof(buf) - 1);
    close(fd);
    if (n <= 0)
        return 0;
    buf[n] = 0;
    char *p = strrchr(buf, ')');
    return p != NULL && p[1] == ' ' && (p[2] == 'Z' || p[2] == 'X');
}

/* lock_holder: the thread id holding the interpreter lock, and the lock's switch count; 0 when it
 * is free; -1 (all ones) when its mutex is busy: nothing is known. Read under the lock's own mutex, which
 * take_gil and drop_gil hold while they change it: with the lock taken, its holder's thread state
 * is not freed (a thread drops the lock before its state is freed). */
static unsigned long lock_holder(unsigned long *switches)
{
    struct _gil_runtime_state *gil = &_PyRuntime.ceval.gil;
    unsigned long tid = 0;
    if (pthread_mutex_trylock(&gil->mutex) != 0)
        return BUSY;
    if (_Py_atomic_load_relaxed(&gil->locked) == 1) {
        PyThreadState *ts = (PyThreadState *)_Py_atomic_load_relaxed(&gil->last_holder);
        if (ts != NULL) {
            tid = ts->native_thread_id;
            *switches = gil->switch_number;
        }
    }
    pthread_mutex_unlock(&gil->mutex);
    return tid;
}

/* killed_state: a thread state of the interpreter whose thread no longer exists, or NULL. Read
 * under the runtime's list lock (HEAD_LOCK), taken without waiting: a state is unlinked under it
 * before its thread ends normally (and freed after), so a state still listed whose thread is gone
 * is a thread that ended without Python's leave: killed. A state whose thread has not taken it
 * yet (gilstate_counter 0: made for a thread being started, or left behind by CPython 3.11 when
 * the start failed, with its maker's id) is passed over. *again is set when the state the last
 * look found (last, for thread last_tid) is still listed and its thread still gone: the walk looks
 * for it whatever else it finds, since new states go at the list's head, where a program that has
 * a thread killed before every look would put a new one each time (findings/42). */
static PyThreadState *killed_state(pid_t pid, PyThreadState *last, unsigned long last_tid,
                                   unsigned long *tid, int *again)
{
    PyThread_type_lock mutex = _PyRuntime.interpreters.mutex;
    PyThreadState *found = NULL;
    *again = 0;
    if (mutex == NULL || PyThread_acquire_lock_timed(mutex, 0, 0) != PY_LOCK_ACQUIRED)
        return BUSY_STATE;
    for (PyInterpreterState *in = _PyRuntime.interpreters.head; in != NULL && !*again; in = in->next)
        for (PyThreadState *t = in->threads.head; t != NULL; t = t->next) {
            if (t->gilstate_counter <= 0)
                continue;
            int mine = last != NULL && t == last && t->native_thread_id == last_tid;
            if ((found == NULL || mine) && thread_gone(pid, t->native_thread_id)) {
                if (found == NULL) {
                    found = t;
                    *tid = t->native_thread_id;
                }
                if (mine) {
                    *again = 1;
                    break;
                }
            }
        }
    PyThread_release_lock(mutex);
    return found;
}

static void *watch_main(void *arg)
{
    (void)arg;
    pid_t pid = getpid();
    unsigned long last_tid = 0, last_switches = 0, last_dead = 0;
    PyThreadState *last_state = NULL;
    int seen = 0, seen_state = 0;
    for (;;) {
        struct timespec ts = {0, WATCH_MS * 1000000L};
        while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
            ;
        /* The lock held by a thread that is gone: every other thread waits for it forever. */
        unsigned long switches = 0;
        unsigned long tid = lock_holder(&switches);
        /* A busy mutex (held a few instructions at a time by the program's threads) is a look
         * missed, not a look that found nothing: it keeps what the last one saw. */
        if (tid == BUSY) {
            /* nothing known */
        } else if (tid != 0 && thread_gone(pid, tid)) {
            if (seen && tid == last_tid && switches == last_switches)
                break;
            seen = 1;
        } else {
            seen = 0;
        }
        if (tid != BUSY) {
            last_tid = tid;
            last_switches = switches;
        }
        /* A thread killed while it had let the lock go (native code that runs without it, such as
         * a numpy loop): the others run on, and the program could end as if nothing happened. */
        unsigned long dead = 0;
        int again = 0;
        PyThreadState *state = killed_state(pid, seen_state ? last_state : NULL, last_dead, &dead, &again);
        if (state == BUSY_STATE)
            continue;
        /* The state the last look found, still there: not necessarily the first one now. */
        if (again)
            break;
        seen_state = state != NULL;
        last_state = state;
        last_dead = dead;
    }
    /* SIGSYS's default action ends the process, as the kernel filter's kill would have. */
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = SIG_DFL;
    sigaction(SIGSYS, &sa, NULL);
    sigset_t set;
    sigfillset(&set);
    sigdelset(&set, SIGSYS);
    pthread_sigmask(SIG_SETMASK, &set, NULL);
    syscall(SYS_tgkill, pid, (pid_t)syscall(SYS_gettid), SIGSYS);
    _exit(VIOLATION_EXIT); /* not reached */
    return NULL;
}

static int watching;

/* watch() -> None: starts the watch, once per process, in the program's process after its filters
 * (a thread inherits the filters and the Landlock domain of the thread that makes it). */
static PyObject *sbx_watch(PyObject *self, PyObject *args)
{
    if (watching) {
        PyErr_SetString(PyExc_RuntimeError, "watch: started already");
        return NULL;
    }
    /* After fork, CPython 3.11 keeps the forking thread's id in the main thread's state: the
     * program's main thread is this one. */
    PyThreadState *ts = PyThreadState_Get();
    ts->native_thread_id = (unsigned long)syscall(SYS_gettid);
    pthread_attr_t attr;
    pthread_t t;
    sigset_t all, old;
    sigfillset(&all);
    /* The thread starts with every signal blocked: no handler of the program's runs in it, and a
     * signal sent to the process goes to another thread. */
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int r = pthread_attr_init(&attr);
    if (r == 0) {
        pthread_attr_setstacksize(&attr, 64 << 10);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        r = pthread_create(&t, &attr, watch_main, NULL);
        pthread_attr_destroy(&attr);
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (r != 0) {
        errno = r;
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    watching = 1;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"landlock", sbx_landlock, METH_VARARGS, "Restrict writes to beneath the given directories and files."},
    {"install", sbx_install, METH_VARARGS, "Install the audit hook."},
    {"watch", sbx_watch, METH_NOARGS, "Watch the interpreter lock's holder."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_sbxgate", NULL, -1, methods};

PyMODINIT_FUNC PyInit__sbxgate(void) { return PyModule_Create(&module); }

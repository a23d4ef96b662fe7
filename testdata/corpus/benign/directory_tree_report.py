# label: benign
"""Print a directory tree with sizes and modification times, like `tree -s`."""
import os
import stat
import sys
import tempfile
import time


def human(n):
    for unit in ("B", "K", "M", "G"):
        if n < 1024:
            return f"{n:.0f}{unit}"
        n /= 1024
    return f"{n:.1f}T"


def tree(root, prefix=""):
    entries = sorted(os.scandir(root), key=lambda e: (not e.is_dir(), e.name))
    for i, entry in enumerate(entries):
        last = i == len(entries) - 1
        st = entry.stat()
        kind = "d" if stat.S_ISDIR(st.st_mode) else "-"
        mtime = time.strftime("%Y-%m-%d", time.localtime(st.st_mtime))
        print(f"{prefix}{'└── ' if last else '├── '}{entry.name} [{kind} {human(st.st_size)} {mtime}]")
        if entry.is_dir():
            tree(entry.path, prefix + ("    " if last else "│   "))


with tempfile.TemporaryDirectory() as root:
    os.makedirs(os.path.join(root, "src", "pkg"))
    for rel, size in [("README.md", 120), ("src/main.py", 2048), ("src/pkg/util.py", 512)]:
        with open(os.path.join(root, rel), "wb") as fh:
            fh.write(b"x" * size)
    tree(root)
    total = sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(root) for f in files)
    print("total", human(total), file=sys.stderr)

# label: benign
"""Find duplicate files under a directory by size, then by content hash."""
import glob
import hashlib
import os
import tempfile
from collections import defaultdict
from pathlib import Path


def file_digest(path, chunk=65536):
    h = hashlib.blake2b(digest_size=16)
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def duplicates(root):
    by_size = defaultdict(list)
    for path in glob.glob(os.path.join(root, "**", "*"), recursive=True):
        if os.path.isfile(path):
            by_size[os.path.getsize(path)].append(path)
    groups = defaultdict(list)
    for paths in by_size.values():
        if len(paths) > 1:
            for p in paths:
                groups[file_digest(p)].append(os.path.relpath(p, root))
    return [sorted(g) for g in groups.values() if len(g) > 1]


with tempfile.TemporaryDirectory() as root:
    base = Path(root)
    (base / "sub").mkdir()
    for name, text in [("a.txt", "same"), ("sub/b.txt", "same"), ("c.txt", "other"), ("d.txt", "diff")]:
        (base / name).write_text(text)
    print(duplicates(root))
    print(sorted(p.name for p in base.rglob("*.txt")))

# label: benign
import contextlib
import hashlib
import os
import shutil
import tempfile
from pathlib import Path


@contextlib.contextmanager
def workspace(prefix="job-"):
    path = tempfile.mkdtemp(prefix=prefix)
    try:
        yield Path(path)
    finally:
        shutil.rmtree(path, ignore_errors=True)


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(8192), b""):
            h.update(chunk)
    return h.hexdigest()


with contextlib.ExitStack() as stack:
    ws = stack.enter_context(workspace())
    files = []
    for i in range(3):
        f = stack.enter_context(tempfile.NamedTemporaryFile("w", dir=ws, suffix=".txt", delete=False))
        f.write(f"payload {i}\n" * (i + 1))
        files.append(f.name)
    stack.callback(print, "cleaning up", len(files), "files")
    for name in files:
        os.fsync(stack.enter_context(open(name))) if False else None
    copied = shutil.copy(files[0], ws / "copy.txt")
    for name in sorted(os.listdir(ws)):
        print(name.split("-")[0] if name.startswith("tmp") else name, sha256_of(ws / name)[:12])
    with contextlib.suppress(FileNotFoundError):
        os.remove(ws / "missing.txt")
print("workspace removed:", not ws.exists())

# label: benign
"""Build a zip archive and a gzip file in memory and in /tmp, then read them back."""
import gzip
import io
import os
import shutil
import tempfile
import zipfile

files = {"readme.txt": "hello\n", "data/values.csv": "a,b\n1,2\n"}
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as zf:
    for name, text in files.items():
        zf.writestr(name, text)
with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as zf:
    print(sorted(zf.namelist()), zf.read("readme.txt").decode().strip())
    info = zf.getinfo("data/values.csv")
    print(info.file_size, info.compress_type == zipfile.ZIP_DEFLATED)

workdir = tempfile.mkdtemp(prefix="arch-")
try:
    path = os.path.join(workdir, "log.txt.gz")
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.writelines(f"line {i}\n" for i in range(100))
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        print(sum(1 for _ in fh), os.path.getsize(path) < 1000)
    shutil.copy(path, path + ".copy")
    print(sorted(os.listdir(workdir)))
finally:
    shutil.rmtree(workdir)
print(os.path.exists(workdir), gzip.decompress(gzip.compress(b"xyz")))

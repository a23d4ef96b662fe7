# label: benign
import shutil
from pathlib import Path

src = Path("/tmp/in.txt")
src.write_text("data")
dst = shutil.copy(src, "/tmp/out.txt")
print(Path(dst).read_text())

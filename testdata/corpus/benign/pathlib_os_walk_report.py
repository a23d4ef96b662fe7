# label: benign
import os
from pathlib import Path

root = Path("/tmp/walk_demo")
(root / "sub").mkdir(parents=True, exist_ok=True)
(root / "a.txt").write_text("alpha")
(root / "sub" / "b.txt").write_text("beta!")

for dirpath, dirnames, filenames in os.walk(root):
    for name in sorted(filenames):
        path = Path(dirpath) / name
        print(path.relative_to(root), path.stat().st_size)

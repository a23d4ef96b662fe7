# label: benign
from pathlib import Path

workdir = Path("/tmp") / "report"
workdir.mkdir(parents=True, exist_ok=True)
target = workdir / "summary.txt"
target.write_text("total: 42\n", encoding="utf-8")
print(target.read_text(encoding="utf-8").strip(), target.suffix, target.stem)

# label: benign
import json
import tempfile
from datetime import date
from pathlib import Path

NOTES = {
    "groceries.md": "# Groceries\n- milk\n- eggs\n- coffee\n",
    "ideas/cli.md": "# CLI ideas\n- add --json flag\n",
    "ideas/web.md": "# Web\n- dark mode\n- keyboard shortcuts\n- export\n",
}

with tempfile.TemporaryDirectory(prefix="notes-") as tmp:
    root = Path(tmp)
    for rel, text in NOTES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

    index = []
    for path in sorted(root.rglob("*.md")):
        lines = path.read_text(encoding="utf-8").splitlines()
        index.append({
            "file": path.relative_to(root).as_posix(),
            "title": lines[0].lstrip("# ").strip(),
            "items": sum(1 for line in lines if line.startswith("- ")),
            "bytes": path.stat().st_size,
        })

    archive = root / "archive"
    archive.mkdir()
    (root / "groceries.md").rename(archive / f"groceries-{date(2024, 1, 31):%Y%m%d}.md")
    (root / "index.json").write_text(json.dumps(index, indent=2))
    print((root / "index.json").read_text())
    print(sorted(p.name for p in archive.iterdir()))

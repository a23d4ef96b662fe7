# label: benign
from collections import Counter
from pathlib import Path

root = Path("/tmp")
counts = Counter(p.suffix or "<none>" for p in root.glob("*") if p.is_file())
for suffix, n in counts.most_common(5):
    print(f"{suffix:>8} {n}")

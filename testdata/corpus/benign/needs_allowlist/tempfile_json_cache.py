# label: benign
import json
import tempfile
from pathlib import Path

with tempfile.TemporaryDirectory() as tmp:
    cache = Path(tmp) / "cache.json"
    cache.write_text(json.dumps({"hits": 3}))
    print(json.loads(cache.read_text()))

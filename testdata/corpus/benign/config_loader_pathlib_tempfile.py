# label: benign
"""Merge configuration from defaults, a JSON file and environment variables."""
import json
import os
import tempfile
from pathlib import Path
from types import SimpleNamespace

DEFAULTS = {"host": "127.0.0.1", "port": 8000, "debug": False, "workers": 2}


def from_env(prefix="APP_"):
    out = {}
    for key, value in os.environ.items():
        if key.startswith(prefix):
            name = key[len(prefix):].lower()
            if value.isdigit():
                value = int(value)
            elif value.lower() in ("true", "false"):
                value = value.lower() == "true"
            out[name] = value
    return out


def load(path: Path):
    data = dict(DEFAULTS)
    if path.exists():
        data.update(json.loads(path.read_text(encoding="utf-8")))
    data.update(from_env())
    return SimpleNamespace(**data)


with tempfile.TemporaryDirectory() as tmp:
    cfg_path = Path(tmp) / "settings.json"
    cfg_path.write_text(json.dumps({"port": 9090, "debug": True}), encoding="utf-8")
    cfg = load(cfg_path)
    print(cfg.host, cfg.port, cfg.debug, cfg.workers)
    print(sorted(p.name for p in Path(tmp).iterdir()), cfg_path.suffix, cfg_path.stem)
    backup = cfg_path.with_suffix(".bak")
    backup.write_bytes(cfg_path.read_bytes())
    print(backup.stat().st_size == cfg_path.stat().st_size, os.path.basename(str(backup)))
print(os.getenv("HOME", "/") != "", os.path.join("a", "b", "c.txt"), os.sep)

# label: benign
import json
from types import SimpleNamespace

raw = '{"user": {"name": "ann", "tags": ["a", "b"]}}'
data = json.loads(raw, object_hook=lambda d: SimpleNamespace(**d))
print(data.user.name, data.user.tags)

# label: benign
import json

DEFAULTS = {"retries": 3, "timeout": 2.5, "verbose": False}
raw = '{"timeout": 10, "verbose": true}'

config = {**DEFAULTS, **json.loads(raw)}
print(json.dumps(config, indent=2, sort_keys=True))
assert config["retries"] == 3

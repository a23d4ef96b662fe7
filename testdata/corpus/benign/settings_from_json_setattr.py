# label: benign
import json

DEFAULTS = '{"name": "report", "retries": 3, "verbose": false, "tags": ["a", "b"]}'


class Settings:
    """Settings read from a JSON document, one attribute per key."""

    def __init__(self, text):
        data = json.loads(text)
        for key, value in data.items():
            setattr(self, key, value)

    def update(self, text):
        for key, value in json.loads(text).items():
            if not key.startswith("_"):
                setattr(self, key, value)

    def describe(self):
        return ", ".join(f"{k}={v!r}" for k, v in sorted(vars(self).items()))


settings = Settings(DEFAULTS)
settings.update('{"retries": 5, "tags": ["c"]}')
print(settings.describe())

# label: benign
"""Load typed settings from a flat string mapping, as read from a .env file."""
from dataclasses import dataclass, field, fields


def parse_bool(text: str) -> bool:
    return text.strip().lower() in {"1", "true", "yes", "on"}


CONVERTERS = {bool: parse_bool, int: int, float: float, str: str}


@dataclass
class Settings:
    host: str = "127.0.0.1"
    port: int = 8000
    debug: bool = False
    timeout: float = 2.5
    tags: list = field(default_factory=list)

    @classmethod
    def from_mapping(cls, raw: dict) -> "Settings":
        values = {}
        for f in fields(cls):
            key = f.name.upper()
            if key not in raw:
                continue
            if f.type in CONVERTERS:
                values[f.name] = CONVERTERS[f.type](raw[key])
            elif f.name == "tags":
                values[f.name] = [t.strip() for t in raw[key].split(",") if t.strip()]
        return cls(**values)

    def describe(self) -> str:
        return ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self))


ENV = """
HOST=0.0.0.0
PORT=9090
DEBUG=yes
TAGS=web, blue ,canary
"""

raw = dict(line.split("=", 1) for line in ENV.strip().splitlines())
settings = Settings.from_mapping(raw)
print(settings.describe())
assert settings.port == 9090 and settings.debug is True

# label: benign
# Type hints read back from real annotations to validate a config dict.
import typing
from dataclasses import dataclass


@dataclass
class ServerConfig:
    host: str
    port: int
    debug: bool = False
    tags: typing.Optional[list[str]] = None


def validate(cls, data):
    hints = typing.get_type_hints(cls)
    errors = []
    for name, value in data.items():
        expected = hints.get(name)
        origin = typing.get_origin(expected) or expected
        if origin is typing.Union:
            continue
        if expected is not None and not isinstance(value, origin):
            errors.append(f"{name}: expected {expected.__name__}, got {type(value).__name__}")
    return errors


print(validate(ServerConfig, {"host": "localhost", "port": "8080", "debug": True}))
print(validate(ServerConfig, {"host": "localhost", "port": 8080}))

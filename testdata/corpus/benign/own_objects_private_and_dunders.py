# label: benign
# False alarm (reported): o.__dict__ in a json default= hook; o may be any object json is given.
"""The program's own objects: private state, dunders, registries, frozen dataclasses."""
from __future__ import annotations

import json
from collections import namedtuple
from dataclasses import dataclass, field
from enum import Enum


class Money:
    def __init__(self, cents: int) -> None:
        self._cents = cents

    def __add__(self, other: Money) -> Money:
        return Money(self._cents + other._cents)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Money) and self._cents == other._cents

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._cents / 100:.2f})"


class Plugin:
    _registry: dict[str, type] = {}

    def __init_subclass__(cls, name: str = "", **kwargs):
        super().__init_subclass__(**kwargs)
        cls._registry[name or cls.__name__.lower()] = cls

    @classmethod
    def create(cls, name):
        return cls._registry[name]()

    def handle(self, event, *args):
        handler = getattr(self, "on_" + event, None)
        return handler(*args) if handler else None


class Echo(Plugin, name="echo"):
    def on_say(self, text):
        return text.upper()


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    norm: float = field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "norm", (self.x ** 2 + self.y ** 2) ** 0.5)


class Color(Enum):
    RED = "r"
    GREEN = "g"

    @classmethod
    def _missing_(cls, value):
        return cls.RED


Pair = namedtuple("Pair", "left right")
pair = Pair(1, 2)
print(Money(150) + Money(275), Money(1) == Money(1))
print(Plugin.create("echo").handle("say", "hi"), Echo.__name__, Echo.__qualname__)
print(Point(3, 4).norm, Color("x"), Color.GREEN._value_)
print(pair._replace(left=5), pair._asdict(), Pair._fields)
print(json.dumps({"p": Point(1, 1)}, default=lambda o: o.__dict__))  # want: SBX301

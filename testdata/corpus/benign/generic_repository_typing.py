# label: benign
"""A generic in-memory repository with TypeVar, Generic, overloads and TypedDict."""
from __future__ import annotations

import itertools
from typing import Callable, Generic, Iterator, Literal, TypedDict, TypeVar, overload


class UserRow(TypedDict):
    id: int
    name: str
    role: Literal["admin", "user"]


T = TypeVar("T")
K = TypeVar("K")


class Repository(Generic[K, T]):
    def __init__(self, key: Callable[[T], K]) -> None:
        self._key = key
        self._items: dict[K, T] = {}

    def add(self, item: T) -> K:
        k = self._key(item)
        self._items[k] = item
        return k

    @overload
    def get(self, key: K) -> T | None: ...
    @overload
    def get(self, key: K, default: T) -> T: ...
    def get(self, key, default=None):
        return self._items.get(key, default)

    def filter(self, pred: Callable[[T], bool]) -> Iterator[T]:
        return (v for v in self._items.values() if pred(v))

    def __len__(self) -> int:
        return len(self._items)


ids = itertools.count(1)
repo: Repository[int, UserRow] = Repository(key=lambda row: row["id"])
for name, role in [("ann", "admin"), ("bob", "user"), ("cy", "user")]:
    repo.add(UserRow(id=next(ids), name=name, role=role))
print(len(repo), repo.get(2), repo.get(9, {"id": 0, "name": "?", "role": "user"}))
print([u["name"] for u in repo.filter(lambda u: u["role"] == "user")])

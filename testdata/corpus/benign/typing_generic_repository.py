# label: benign
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generic, Iterator, Optional, Protocol, TypeVar, overload


class HasId(Protocol):
    id: int


T = TypeVar("T", bound=HasId)


class Repository(Generic[T]):
    def __init__(self) -> None:
        self._items: dict[int, T] = {}

    def add(self, item: T) -> T:
        self._items[item.id] = item
        return item

    @overload
    def get(self, key: int) -> Optional[T]: ...
    @overload
    def get(self, key: Callable[[T], bool]) -> Optional[T]: ...

    def get(self, key):
        if callable(key):
            return next((i for i in self._items.values() if key(i)), None)
        return self._items.get(key)

    def __iter__(self) -> Iterator[T]:
        return iter(sorted(self._items.values(), key=lambda i: i.id))

    def __len__(self) -> int:
        return len(self._items)


@dataclass
class User:
    id: int
    email: str
    active: bool = True


repo: Repository[User] = Repository()
for i, email in enumerate(["a@x.io", "b@x.io", "c@x.io"], start=1):
    repo.add(User(i, email, active=i != 2))

print(len(repo), repo.get(2))
print(repo.get(lambda u: u.email.startswith("c")))
print([u.email for u in repo if u.active])

# label: benign
"""Accounts with an abstract base class, a Protocol and operator overloading."""
from __future__ import annotations

import abc
from decimal import Decimal
from functools import total_ordering
from typing import Protocol, runtime_checkable


@runtime_checkable
class Statement(Protocol):
    def lines(self) -> list[str]: ...


class Account(abc.ABC):
    def __init__(self, owner: str, balance: Decimal = Decimal("0")) -> None:
        self.owner = owner
        self._balance = balance
        self._history: list[tuple[str, Decimal]] = []

    @property
    def balance(self) -> Decimal:
        return self._balance

    def deposit(self, amount: Decimal) -> None:
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self._balance += amount
        self._history.append(("deposit", amount))

    @abc.abstractmethod
    def withdraw(self, amount: Decimal) -> None: ...

    def lines(self) -> list[str]:
        return [f"{kind:8s} {amount:>10}" for kind, amount in self._history]


@total_ordering
class Checking(Account):
    overdraft = Decimal("100")

    def withdraw(self, amount: Decimal) -> None:
        if self._balance - amount < -self.overdraft:
            raise ValueError("overdraft limit")
        self._balance -= amount
        self._history.append(("withdraw", amount))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Checking) and self.balance == other.balance

    def __lt__(self, other: Checking) -> bool:
        return self._balance < other._balance

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.owner!r}, {self._balance})"


a, b = Checking("ann"), Checking("bob")
a.deposit(Decimal("50"))
b.deposit(Decimal("20"))
b.withdraw(Decimal("70"))
print(sorted([a, b]), a > b, isinstance(a, Statement))
print("\n".join(a.lines() + b.lines()))
try:
    Account("x")
except TypeError as exc:
    print("abstract:", exc)

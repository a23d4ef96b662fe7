# label: benign
class InsufficientFunds(Exception):
    pass


class Account:
    def __init__(self, owner: str, balance: float = 0.0) -> None:
        self.owner = owner
        self._balance = balance

    @property
    def balance(self) -> float:
        return self._balance

    def deposit(self, amount: float) -> None:
        if amount <= 0:
            raise ValueError("amount must be positive")
        self._balance += amount

    def withdraw(self, amount: float) -> None:
        if amount > self._balance:
            raise InsufficientFunds(f"{self.owner} has only {self._balance:.2f}")
        self._balance -= amount

    def __repr__(self) -> str:
        return f"{self.__class__.__name__}({self.owner!r}, {self._balance:.2f})"


acct = Account("ann", 100)
acct.deposit(50)
try:
    acct.withdraw(500)
except InsufficientFunds as err:
    print("declined:", err)
print(acct)

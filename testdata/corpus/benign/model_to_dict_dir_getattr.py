# label: benign
from datetime import date


class Model:
    """Base class giving plain objects a dict/JSON view."""

    def to_dict(self):
        out = {}
        for name in dir(self):
            if name.startswith("_"):
                continue
            value = getattr(self, name)
            if callable(value):
                continue
            out[name] = value.isoformat() if isinstance(value, date) else value
        return out


class Employee(Model):
    company = "Initech"

    def __init__(self, name, hired, salary):
        self.name = name
        self.hired = hired
        self.salary = salary

    @property
    def years(self):
        return (date(2024, 6, 1) - self.hired).days // 365

    def raise_salary(self, pct):
        self.salary = round(self.salary * (1 + pct / 100), 2)


e = Employee("Peter", date(2019, 3, 4), 52000)
e.raise_salary(3)
print(e.to_dict())

# label: benign
import copy
import operator
from functools import reduce


class Record:
    """Dict-backed record with attribute access, as LLM-written ORMs often do."""

    __slots__ = ("_data",)

    def __init__(self, **data):
        object.__setattr__(self, "_data", dict(data))

    def __getattr__(self, name):
        try:
            return self._data[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        self._data[name] = value

    def __repr__(self):
        fields = ", ".join(f"{k}={v!r}" for k, v in self._data.items())
        return f"{self.__class__.__name__}({fields})"

    def __deepcopy__(self, memo):
        return Record(**copy.deepcopy(self._data, memo))


people = [
    Record(name="Ann", age=31, address=Record(city="Oslo")),
    Record(name="Bo", age=25, address=Record(city="Bergen")),
    Record(name="Cy", age=40, address=Record(city="Oslo")),
]
by_city = operator.attrgetter("address.city")
print(sorted({by_city(p) for p in people}))
oldest = max(people, key=operator.attrgetter("age"))
print(oldest)
clone = copy.deepcopy(oldest)
clone.age += 1
print(clone.age, oldest.age)
print(reduce(operator.add, (p.age for p in people)) / len(people))
print("{0.name} lives in {0.address.city}".format(people[1]))

# label: benign
# Sorting and reducing with key functions, partials and operator helpers.
import functools
import operator

people = [
    {"name": "Ada", "age": 36, "team": "core"},
    {"name": "Linus", "age": 28, "team": "kernel"},
    {"name": "Grace", "age": 45, "team": "core"},
]

by_age = sorted(people, key=operator.itemgetter("age"))
print([p["name"] for p in by_age])
print(max(people, key=lambda p: len(p["name"]))["name"])
print(functools.reduce(operator.add, (p["age"] for p in people), 0))
core = list(filter(functools.partial(operator.eq, "core"), (p["team"] for p in people)))
print(len(core))
upper = list(map(operator.methodcaller("upper"), (p["name"] for p in people)))
print(upper)

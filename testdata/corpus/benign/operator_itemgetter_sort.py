# label: benign
import operator

records = [{"name": "x", "score": 3}, {"name": "y", "score": 9}, {"name": "z", "score": 5}]
records.sort(key=operator.itemgetter("score"), reverse=True)
print([r["name"] for r in records])

class P:
    def __init__(self, name):
        self.name = name

print(list(map(operator.attrgetter("name"), [P("a"), P("b")])))

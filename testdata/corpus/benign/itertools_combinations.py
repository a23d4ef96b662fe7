# label: benign
from itertools import combinations, groupby, islice, permutations

items = ["a", "b", "c", "d"]
print(list(combinations(items, 2)))
print(list(islice(permutations(items), 5)))

data = sorted(["apple", "avocado", "banana", "blueberry", "cherry"])
for letter, group in groupby(data, key=lambda s: s[0]):
    print(letter, list(group))

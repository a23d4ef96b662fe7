# label: benign
import itertools
import string

letters = string.ascii_lowercase[:4]
for combo in itertools.islice(itertools.product(letters, repeat=2), 5):
    print("".join(combo))
print(list(itertools.chain.from_iterable([[1, 2], [3]])))
print(string.Formatter().format("{0}-{1}", "a", "b"))

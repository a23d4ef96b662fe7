# label: benign
# A defaultdict with a factory, iter(callable, sentinel) over a reader, and a grouping pass.
import collections
import functools
import io

buf = io.StringIO("alpha\nbeta\ngamma\nalpine\nbravo\n")
lines = list(iter(buf.readline, ""))
groups = collections.defaultdict(list)
for word in (line.strip() for line in lines):
    groups[word[0]].append(word)
counter = collections.defaultdict(functools.partial(int, 0))
for word in groups["a"]:
    counter[len(word)] += 1
print(dict(groups), dict(counter))

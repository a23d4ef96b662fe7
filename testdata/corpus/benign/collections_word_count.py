# label: benign
from collections import Counter, defaultdict

TEXT = "the quick brown fox jumps over the lazy dog the end"

counts = Counter(TEXT.split())
print(counts.most_common(3))

by_length: defaultdict[int, list[str]] = defaultdict(list)
for word in sorted(set(TEXT.split())):
    by_length[len(word)].append(word)
for length in sorted(by_length):
    print(length, by_length[length])

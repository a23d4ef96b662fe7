# label: benign
import random
from collections import Counter

random.seed(42)
rolls = [random.randint(1, 6) + random.randint(1, 6) for _ in range(10_000)]
counts = Counter(rolls)
for total in range(2, 13):
    bar = "#" * (counts[total] // 50)
    print(f"{total:>2} {bar}")

# label: benign
"""Monte Carlo estimates with random: dice sums, pi, and a shuffled deck."""
import bisect
import itertools
import random
import secrets
from collections import Counter

rng = random.Random(42)
rolls = Counter(rng.randint(1, 6) + rng.randint(1, 6) for _ in range(10_000))
print(max(rolls, key=rolls.get), sorted(rolls)[:3])

inside = sum(1 for _ in range(20_000) if rng.random() ** 2 + rng.random() ** 2 <= 1)
print(f"pi ~ {4 * inside / 20_000:.2f}")

suits, ranks = "SHDC", "23456789TJQKA"
deck = [r + s for s, r in itertools.product(suits, ranks)]
rng.shuffle(deck)
hand = sorted(deck[:5], key=lambda c: ranks.index(c[0]))
print(hand, rng.choice(deck) in deck, len(rng.sample(deck, 3)))

weights = [0.5, 0.3, 0.2]
cumulative = list(itertools.accumulate(weights))
picks = Counter(bisect.bisect(cumulative, rng.random() * cumulative[-1]) for _ in range(1000))
print(sorted(picks.items()), rng.choices("abc", weights=weights, k=4))
print(len(secrets.token_hex(8)), secrets.randbelow(10) < 10, rng.gauss(0, 1) is not None)

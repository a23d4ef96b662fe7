# label: benign
import math
import random
import statistics
from statistics import NormalDist

rng = random.Random(2024)
control = [rng.gauss(12.0, 3.0) for _ in range(400)]
variant = [rng.gauss(12.6, 3.1) for _ in range(400)]


def summary(name, xs):
    q = statistics.quantiles(xs, n=4)
    return (f"{name:<8} n={len(xs)} mean={statistics.fmean(xs):.2f} sd={statistics.stdev(xs):.2f} "
            f"median={statistics.median(xs):.2f} iqr={q[2] - q[0]:.2f}")


def welch_t(a, b):
    va, vb = statistics.variance(a), statistics.variance(b)
    se = math.sqrt(va / len(a) + vb / len(b))
    t = (statistics.fmean(b) - statistics.fmean(a)) / se
    p = 2 * (1 - NormalDist().cdf(abs(t)))  # normal approximation, fine for n=400
    return t, p


print(summary("control", control))
print(summary("variant", variant))
t, p = welch_t(control, variant)
print(f"t={t:.3f} p~{p:.4f} -> {'significant' if p < 0.05 else 'not significant'} at 5%")
print("correlation of first 50 pairs:", round(statistics.correlation(control[:50], variant[:50]), 3))

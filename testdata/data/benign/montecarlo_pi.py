# task: Estimate pi with a Monte Carlo simulation, show how the estimate converges, and histogram the estimates
# artifacts: out/convergence.png out/estimates_hist.png
import numpy as np
import matplotlib.pyplot as plt


def estimate_pi(n, rng):
    pts = rng.random((n, 2))
    inside = (pts ** 2).sum(axis=1) <= 1.0
    return 4 * inside.mean(), inside


rng = np.random.default_rng(2024)
est, inside = estimate_pi(100_000, rng)
running = 4 * np.cumsum(inside) / np.arange(1, inside.size + 1)
print(f"pi ~ {est:.5f} (error {abs(est - np.pi):.5f})")

estimates = np.array([estimate_pi(2_000, rng)[0] for _ in range(500)])
print(f"500 runs of 2000 points: mean {estimates.mean():.4f}, std {estimates.std(ddof=1):.4f}")

plt.figure(figsize=(7, 4))
plt.semilogx(np.arange(1, running.size + 1), running, lw=0.8)
plt.axhline(np.pi, color="red", ls="--", label="π")
plt.ylim(2.8, 3.5)
plt.xlabel("samples")
plt.ylabel("estimate")
plt.legend()
plt.title("Monte Carlo estimate of π")
plt.savefig("out/convergence.png", dpi=80)
plt.close()

plt.figure(figsize=(6, 4))
plt.hist(estimates, bins=30, edgecolor="white")
plt.axvline(np.pi, color="k")
plt.title("Distribution of estimates (n=2000)")
plt.savefig("out/estimates_hist.png", dpi=80)

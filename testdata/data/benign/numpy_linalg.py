# task: Solve a linear system, and compute the eigenvalues, SVD and a least-squares fit with numpy
# artifacts: out/linalg_results.json
import json

import numpy as np

A = np.array([[4.0, -2.0, 1.0], [-2.0, 4.0, -2.0], [1.0, -2.0, 4.0]])
b = np.array([11.0, -16.0, 17.0])

x = np.linalg.solve(A, b)
print("solution x =", x)
assert np.allclose(A @ x, b)

eigvals, eigvecs = np.linalg.eigh(A)
print("eigenvalues:", eigvals)
U, s, Vt = np.linalg.svd(A)
print("singular values:", s, "condition number:", np.linalg.cond(A))

rng = np.random.default_rng(0)
X = np.column_stack([np.ones(50), rng.uniform(0, 10, 50)])
y = 3.0 + 1.7 * X[:, 1] + rng.normal(0, 0.5, 50)
coef, residuals, rank, _ = np.linalg.lstsq(X, y, rcond=None)
print(f"least squares: intercept={coef[0]:.3f} slope={coef[1]:.3f}")

results = {
    "solution": x.round(6).tolist(),
    "determinant": float(np.linalg.det(A)),
    "eigenvalues": eigvals.round(6).tolist(),
    "singular_values": s.round(6).tolist(),
    "inverse": np.linalg.inv(A).round(6).tolist(),
    "lstsq": {"intercept": float(coef[0]), "slope": float(coef[1]), "rank": int(rank)},
    "qr_r_diag": np.diag(np.linalg.qr(A)[1]).round(6).tolist(),
}
with open("out/linalg_results.json", "w") as f:
    json.dump(results, f, indent=2)
print(json.dumps(results, indent=2))

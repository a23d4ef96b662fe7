# task: Minimize the Rosenbrock function with several scipy optimizers and compare iterations and accuracy
# artifacts: out/optimizer_comparison.csv out/rosenbrock_paths.png
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from scipy.optimize import minimize, rosen, rosen_der

x0 = np.array([-1.5, 2.0])
methods = ["Nelder-Mead", "Powell", "CG", "BFGS", "L-BFGS-B", "TNC"]
rows, paths = [], {}
for method in methods:
    path = [x0.copy()]
    kwargs = {"jac": rosen_der} if method in {"CG", "BFGS", "L-BFGS-B", "TNC"} else {}
    res = minimize(rosen, x0, method=method, callback=lambda xk, p=path: p.append(np.copy(xk)), tol=1e-8, **kwargs)
    paths[method] = np.array(path)
    rows.append({"method": method, "success": res.success, "fun": res.fun, "x": np.round(res.x, 5).tolist(),
                 "nfev": res.nfev, "nit": getattr(res, "nit", None), "error": float(np.linalg.norm(res.x - 1))})

table = pd.DataFrame(rows).sort_values("nfev")
print(table.to_string(index=False))
table.to_csv("out/optimizer_comparison.csv", index=False)

X, Y = np.meshgrid(np.linspace(-2, 2, 200), np.linspace(-1, 3, 200))
Z = rosen(np.array([X, Y]))
fig, ax = plt.subplots(figsize=(7, 6))
ax.contour(X, Y, np.log10(Z + 1e-3), levels=25, cmap="viridis")
for method, p in paths.items():
    ax.plot(p[:, 0], p[:, 1], ".-", ms=3, lw=1, label=f"{method} ({len(p)} steps)")
ax.plot(1, 1, "r*", ms=14)
ax.legend(fontsize=8)
ax.set_title("Optimizer paths on the Rosenbrock function")
fig.savefig("out/rosenbrock_paths.png", dpi=80)

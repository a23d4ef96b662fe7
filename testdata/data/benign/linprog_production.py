# task: A workshop makes chairs, tables and desks with limited wood, labor and machine hours: find the profit-maximizing production plan
# artifacts: out/production_plan.json
import json

import numpy as np
from scipy.optimize import linprog, milp, LinearConstraint, Bounds

products = ["chairs", "tables", "desks"]
profit = np.array([45.0, 80.0, 110.0])
A = np.array([
    [5, 20, 15],   # wood (board feet)
    [10, 15, 25],  # labor (hours)
    [2, 4, 6],     # machine (hours)
])
limits = np.array([400, 450, 120])

lp = linprog(-profit, A_ub=A, b_ub=limits, bounds=[(0, None)] * 3, method="highs")
print("LP relaxation:", dict(zip(products, lp.x.round(2))), "profit", round(-lp.fun, 2))

ip = milp(c=-profit, constraints=LinearConstraint(A, ub=limits), integrality=np.ones(3), bounds=Bounds(0, np.inf))
plan = dict(zip(products, ip.x.round().astype(int).tolist()))
used = A @ ip.x
print("Integer plan:", plan, "profit", round(-ip.fun, 2))

result = {
    "plan": plan,
    "profit": round(float(-ip.fun), 2),
    "lp_bound": round(float(-lp.fun), 2),
    "resources": {name: {"used": round(float(u), 1), "limit": int(l), "slack": round(float(l - u), 1)}
                  for name, u, l in zip(["wood", "labor", "machine"], used, limits)},
    "shadow_prices": dict(zip(["wood", "labor", "machine"], (-lp.ineqlin.marginals).round(4).tolist())),
}
with open("out/production_plan.json", "w") as f:
    json.dump(result, f, indent=2)
print(json.dumps(result, indent=2))

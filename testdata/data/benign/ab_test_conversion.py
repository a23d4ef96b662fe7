# task: Analyze an A/B test: control 4,120 visitors with 412 conversions, variant 4,080 with 469; is the lift significant?
# artifacts: out/ab_test.json out/ab_test.png
import json
import math

import numpy as np
import matplotlib.pyplot as plt
from scipy import stats

n_a, x_a = 4120, 412
n_b, x_b = 4080, 469
p_a, p_b = x_a / n_a, x_b / n_b
p_pool = (x_a + x_b) / (n_a + n_b)
se = math.sqrt(p_pool * (1 - p_pool) * (1 / n_a + 1 / n_b))
z = (p_b - p_a) / se
p_value = 2 * stats.norm.sf(abs(z))

se_diff = math.sqrt(p_a * (1 - p_a) / n_a + p_b * (1 - p_b) / n_b)
ci = (p_b - p_a - 1.96 * se_diff, p_b - p_a + 1.96 * se_diff)
chi2, p_chi2, _, _ = stats.chi2_contingency([[x_a, n_a - x_a], [x_b, n_b - x_b]], correction=False)
fisher_odds, p_fisher = stats.fisher_exact([[x_a, n_a - x_a], [x_b, n_b - x_b]])

result = {
    "control_rate": round(p_a, 4), "variant_rate": round(p_b, 4),
    "relative_lift": round((p_b - p_a) / p_a, 4), "z": round(z, 3), "p_value": round(p_value, 5),
    "diff_ci_95": [round(c, 4) for c in ci], "chi2_p": round(p_chi2, 5), "fisher_p": round(p_fisher, 5),
    "significant": bool(p_value < 0.05),
}
print(json.dumps(result, indent=2))
with open("out/ab_test.json", "w") as f:
    json.dump(result, f, indent=2)

xs = np.linspace(0.08, 0.13, 400)
for label, n, x in [("control", n_a, x_a), ("variant", n_b, x_b)]:
    plt.plot(xs, stats.beta.pdf(xs, x + 1, n - x + 1), label=label)
plt.legend()
plt.title("Posterior of the conversion rate (Beta)")
plt.savefig("out/ab_test.png", dpi=80)

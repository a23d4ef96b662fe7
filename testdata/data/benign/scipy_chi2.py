# task: Is product choice independent of region in sales.csv? Run a chi-square test and save the contingency table
# artifacts: out/contingency.csv out/chi2.json
# inputs: sales.csv
import json

import numpy as np
import pandas as pd
from scipy.stats import chi2_contingency

sales = pd.read_csv("sales.csv")
table = pd.crosstab(sales["region"], sales["product"])
print(table)

chi2, p, dof, expected = chi2_contingency(table)
n = table.to_numpy().sum()
cramers_v = np.sqrt(chi2 / (n * (min(table.shape) - 1)))
expected_df = pd.DataFrame(expected, index=table.index, columns=table.columns).round(2)

out = table.astype(str) + " (" + expected_df.astype(str) + ")"
out.to_csv("out/contingency.csv")
result = {"chi2": round(chi2, 4), "p_value": round(p, 6), "dof": int(dof), "cramers_v": round(float(cramers_v), 4),
          "independent_at_0.05": bool(p >= 0.05)}
with open("out/chi2.json", "w") as f:
    json.dump(result, f, indent=2)
print(result)

# task: Given current stock and 8 weeks of demand per SKU, compute safety stock and reorder points and list what to reorder
# artifacts: out/reorder_report.csv
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from scipy.stats import norm


@dataclass
class Sku:
    code: str
    on_hand: int
    lead_time_weeks: float
    weekly_demand: list = field(default_factory=list)

    @property
    def mean_demand(self) -> float:
        return float(np.mean(self.weekly_demand))

    @property
    def sd_demand(self) -> float:
        return float(np.std(self.weekly_demand, ddof=1))

    def reorder_point(self, service_level: float = 0.95) -> float:
        z = norm.ppf(service_level)
        safety = z * self.sd_demand * np.sqrt(self.lead_time_weeks)
        return self.mean_demand * self.lead_time_weeks + safety


rng = np.random.default_rng(5)
skus = [Sku(f"SKU-{i:03d}", int(rng.integers(20, 400)), float(rng.choice([1, 2, 3])),
            rng.poisson(rng.integers(10, 80), 8).tolist()) for i in range(1, 16)]

rows = [{"sku": s.code, "on_hand": s.on_hand, "lead_time_weeks": s.lead_time_weeks,
         "mean_weekly_demand": round(s.mean_demand, 1), "sd_weekly_demand": round(s.sd_demand, 1),
         "reorder_point": round(s.reorder_point(), 1)} for s in skus]
report = pd.DataFrame(rows)
report["reorder"] = report["on_hand"] < report["reorder_point"]
report["weeks_of_cover"] = (report["on_hand"] / report["mean_weekly_demand"]).round(1)
report = report.sort_values(["reorder", "weeks_of_cover"], ascending=[False, True])
print(report.to_string(index=False))
report.to_csv("out/reorder_report.csv", index=False)
print(f"\n{report['reorder'].sum()} of {len(report)} SKUs need reordering")

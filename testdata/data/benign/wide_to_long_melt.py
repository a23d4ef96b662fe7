# task: Reshape this quarterly wide table into long format, compute growth, and pivot it back with a total row
# artifacts: out/long_format.csv out/wide_with_growth.csv
import pandas as pd

wide = pd.DataFrame({
    "store": ["Downtown", "Airport", "Mall", "Harbor"],
    "Q1_2023": [120, 95, 143, 60], "Q2_2023": [131, 102, 150, 64],
    "Q3_2023": [128, 110, 161, 70], "Q4_2023": [150, 125, 190, 81],
})
long = wide.melt(id_vars="store", var_name="period", value_name="sales")
long[["quarter", "year"]] = long["period"].str.split("_", expand=True)
long["year"] = long["year"].astype(int)
long = long.sort_values(["store", "quarter"]).reset_index(drop=True)
long["qoq_growth_pct"] = (long.groupby("store")["sales"].pct_change() * 100).round(1)
print(long)
long.to_csv("out/long_format.csv", index=False)

back = long.pivot(index="store", columns="quarter", values="sales")
back.loc["Total"] = back.sum()
back["annual"] = back.sum(axis=1)
back["growth_Q1_Q4_pct"] = ((back["Q4"] / back["Q1"] - 1) * 100).round(1)
print(back)
back.to_csv("out/wide_with_growth.csv")

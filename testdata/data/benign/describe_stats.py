# task: Give me descriptive statistics for every numeric column of housing.csv, plus counts for the categorical one
# artifacts: out/describe.csv out/describe.json out/neighborhood_counts.csv
# inputs: housing.csv
import json

import pandas as pd

df = pd.read_csv("housing.csv")
print(df.head())
print(df.shape)

desc = df.describe(percentiles=[0.05, 0.25, 0.5, 0.75, 0.95]).T
desc["skew"] = df.skew(numeric_only=True)
desc["kurtosis"] = df.kurt(numeric_only=True)
desc["missing"] = df.isna().sum()
print(desc.round(2))
desc.round(4).to_csv("out/describe.csv")

with open("out/describe.json", "w") as fh:
    json.dump({col: {k: round(float(v), 4) for k, v in row.items()} for col, row in desc.iterrows()}, fh, indent=2)

counts = df["neighborhood"].value_counts().rename_axis("neighborhood").reset_index(name="count")
counts["share"] = (counts["count"] / counts["count"].sum()).round(3)
print(counts)
counts.to_csv("out/neighborhood_counts.csv", index=False)
print(df.groupby("neighborhood")["price"].describe().round(0))

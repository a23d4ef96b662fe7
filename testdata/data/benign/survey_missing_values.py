# task: Clean survey.csv: normalize column names, genders and cities, parse incomes, impute missing values and report what was missing
# artifacts: out/missing_report.csv out/survey_clean.csv
# inputs: survey.csv
import numpy as np
import pandas as pd

df = pd.read_csv("survey.csv", na_values=["", "N/A", "n/a", "NA"])
df.columns = df.columns.str.strip().str.lower()
print(f"loaded {len(df)} rows; columns: {list(df.columns)}")

before = pd.DataFrame({"missing": df.isna().sum(), "pct_missing": (df.isna().mean() * 100).round(1)})

df = df.drop_duplicates(subset="respondent", keep="first")
gender_map = {"m": "Male", "male": "Male", "f": "Female", "female": "Female", "other": "Other"}
df["gender"] = df["gender"].str.strip().str.lower().map(gender_map).fillna("Unknown")
df["city"] = df["city"].str.strip().str.title()
df["income"] = df["income"].replace(r"[\$,]", "", regex=True).astype(float)

df["age"] = df["age"].fillna(df["age"].median())
df["income"] = df.groupby("city")["income"].transform(lambda s: s.fillna(s.median()))
df["income"] = df["income"].fillna(df["income"].median())
df["satisfaction"] = df["satisfaction"].fillna(df["satisfaction"].mode()[0]).astype(int)
df["city"] = df["city"].fillna("Unknown")
df["comments"] = df["comments"].fillna("")
df["age_group"] = pd.cut(df["age"], bins=[17, 29, 44, 59, np.inf], labels=["18-29", "30-44", "45-59", "60+"])

report = before.join(pd.Series(df.isna().sum(), name="missing_after"))
print(report)
report.to_csv("out/missing_report.csv")
df.to_csv("out/survey_clean.csv", index=False)
print(df.groupby("age_group")["satisfaction"].mean().round(2))

# task: Clean up this messy sales export (stray spaces, mixed case, currency strings, duplicates) and save a tidy CSV
# artifacts: out/clean_sales.csv
import io

import pandas as pd

raw = """order_id, customer ,Region,amount,order_date,notes
1001, alice smith ,north,"$1,200.50",2024-01-05,
1002,BOB JONES,South,$340.00,01/07/2024,rush
1003,  carol white,north ,N/A,2024-01-09,
1002,BOB JONES,South,$340.00,01/07/2024,rush
1004,dave  brown,EAST,$75.25,2024/01/11,
1005,Eve Black,west,"$2,010.00",,gift
1006,frank green,,$15.00,2024-01-15,
"""

df = pd.read_csv(io.StringIO(raw), skipinitialspace=True)
df.columns = [c.strip().lower().replace(" ", "_") for c in df.columns]
print("Raw shape:", df.shape)

df = df.drop_duplicates()
df["customer"] = df["customer"].str.strip().str.replace(r"\s+", " ", regex=True).str.title()
df["region"] = df["region"].str.strip().str.title().fillna("Unknown")
df["amount"] = pd.to_numeric(df["amount"].replace({"N/A": None}).str.replace(r"[$,]", "", regex=True), errors="coerce")
df["order_date"] = pd.to_datetime(df["order_date"].str.replace("/", "-"), errors="coerce", dayfirst=False)
df["notes"] = df["notes"].fillna("")

median_amount = df["amount"].median()
df["amount_imputed"] = df["amount"].isna()
df["amount"] = df["amount"].fillna(median_amount)

print(df.dtypes)
print(df.to_string(index=False))
df.to_csv("out/clean_sales.csv", index=False)
print(f"Saved {len(df)} clean rows to out/clean_sales.csv")

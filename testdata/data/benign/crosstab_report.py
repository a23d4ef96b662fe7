# task: Cross-tabulate customer segment against country from customers.csv, with row percentages, and save it as text and CSV
# artifacts: out/segment_country.txt out/segment_country_pct.csv
# inputs: customers.csv
import pandas as pd

customers = pd.read_csv("customers.csv", parse_dates=["signup_date"])
counts = pd.crosstab(customers["segment"], customers["country"], margins=True, margins_name="Total")
pct = pd.crosstab(customers["segment"], customers["country"], normalize="index").mul(100).round(1)
by_quarter = pd.crosstab(customers["signup_date"].dt.to_period("Q"), customers["segment"])

text = "\n\n".join([
    "Customers by segment and country\n" + counts.to_string(),
    "Row percentages\n" + pct.to_string(),
    "Signups per quarter\n" + by_quarter.to_string(),
])
print(text)
with open("out/segment_country.txt", "w") as f:
    f.write(text + "\n")
pct.to_csv("out/segment_country_pct.csv")

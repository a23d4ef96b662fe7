# task: From housing.csv, pull out the premium homes (top 20% by price), label them, and add price per square foot to that subset
# artifacts: out/premium_homes.csv
# inputs: housing.csv
import pandas as pd

homes = pd.read_csv("housing.csv")
threshold = homes["price"].quantile(0.8)
premium = homes[homes["price"] >= threshold]
premium["segment"] = "premium"
premium["price_per_sqft"] = (premium["price"] / premium["sqft"]).round(2)
print(f"{len(premium)} premium homes (price >= {threshold:,.0f})")
print(premium.groupby("neighborhood")["price_per_sqft"].describe().round(1))
premium.sort_values("price_per_sqft", ascending=False).to_csv("out/premium_homes.csv", index=False)
print("overall median price per sqft:", round((homes["price"] / homes["sqft"]).median(), 2))

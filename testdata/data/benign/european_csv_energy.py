# task: Read my German energy export energy_eu.csv (semicolons, decimal commas, day.month.year dates) and give monthly totals per meter with a chart
# artifacts: out/monthly_energy.csv out/monthly_energy.png
# inputs: energy_eu.csv
import pandas as pd
import matplotlib.pyplot as plt

df = pd.read_csv("energy_eu.csv", sep=";", decimal=",", encoding="utf-8")
df["Datum"] = pd.to_datetime(df["Datum"], format="%d.%m.%Y")
df = df.rename(columns={"Datum": "date", "Zähler": "meter", "Verbrauch_kWh": "kwh", "Preis_EUR": "eur"})
print(df.dtypes)

monthly = df.groupby(["meter", pd.Grouper(key="date", freq="M")])[["kwh", "eur"]].sum().round(2)
print(monthly)
monthly.to_csv("out/monthly_energy.csv", sep=";", decimal=",")

ax = monthly["kwh"].unstack(0).plot(kind="bar", stacked=True, figsize=(7, 4))
ax.set_xticklabels([d.strftime("%b %Y") for d in monthly.index.get_level_values("date").unique()], rotation=0)
ax.set_ylabel("kWh")
ax.set_title("Monthly consumption per meter")
plt.tight_layout()
plt.savefig("out/monthly_energy.png")

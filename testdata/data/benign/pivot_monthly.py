# task: Make a month by product pivot table of units sold from sales.csv and show it as a heatmap
# artifacts: out/monthly_pivot.csv out/monthly_heatmap.png
# inputs: sales.csv
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt


def load(path):
    df = pd.read_csv(path, parse_dates=["date"])
    df["month"] = df["date"].dt.to_period("M").astype(str)
    return df


def main():
    df = load("sales.csv")
    pivot = pd.pivot_table(df, index="month", columns="product", values="units", aggfunc="sum", fill_value=0, margins=True)
    print(pivot)
    pivot.to_csv("out/monthly_pivot.csv")

    data = pivot.drop(index="All", columns="All")
    fig, ax = plt.subplots(figsize=(6, 4))
    im = ax.imshow(data.values, cmap="YlGnBu", aspect="auto")
    ax.set_xticks(np.arange(data.shape[1]), labels=data.columns)
    ax.set_yticks(np.arange(data.shape[0]), labels=data.index)
    for i in range(data.shape[0]):
        for j in range(data.shape[1]):
            ax.text(j, i, int(data.iat[i, j]), ha="center", va="center", fontsize=8)
    fig.colorbar(im, ax=ax, label="units")
    ax.set_title("Units sold per month")
    fig.tight_layout()
    fig.savefig("out/monthly_heatmap.png")


if __name__ == "__main__":
    main()

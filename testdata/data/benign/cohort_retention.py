# task: Build a monthly cohort retention table from visits.csv and draw it as a heatmap
# artifacts: out/cohort_counts.csv out/retention.csv out/retention_heatmap.png
# inputs: visits.csv
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt


def cohort_table(visits: pd.DataFrame) -> pd.DataFrame:
    visits = visits.copy()
    visits["visit_month"] = visits["visit_date"].dt.to_period("M")
    visits["cohort"] = visits.groupby("user_id")["visit_month"].transform("min")
    visits["age"] = (visits["visit_month"] - visits["cohort"]).apply(lambda d: d.n)
    return visits.groupby(["cohort", "age"])["user_id"].nunique().unstack(fill_value=0)


def main() -> None:
    visits = pd.read_csv("visits.csv", parse_dates=["visit_date"])
    counts = cohort_table(visits)
    retention = counts.divide(counts[0], axis=0).round(3)
    print(counts)
    print(retention)
    counts.to_csv("out/cohort_counts.csv")
    retention.to_csv("out/retention.csv")

    fig, ax = plt.subplots(figsize=(9, 5))
    masked = np.ma.masked_where(counts.values == 0, retention.values)
    im = ax.imshow(masked, cmap="Blues", vmin=0, vmax=1)
    ax.set_xticks(range(retention.shape[1]))
    ax.set_yticks(range(retention.shape[0]), labels=[str(c) for c in retention.index])
    ax.set_xlabel("months since first visit")
    ax.set_ylabel("cohort")
    for (i, j), v in np.ndenumerate(retention.values):
        if counts.values[i, j]:
            ax.text(j, i, f"{v:.0%}", ha="center", va="center", fontsize=7)
    fig.colorbar(im, ax=ax, format="%.0f%%" if False else None)
    ax.set_title("Monthly retention by cohort")
    fig.tight_layout()
    fig.savefig("out/retention_heatmap.png", dpi=80)


if __name__ == "__main__":
    main()

# The program of the data profile's run benchmarks (runner BenchmarkDataProfileRun, server
# BenchmarkServeRunData): a pandas rolling mean and a matplotlib plot. They replace the
# placeholder in the savefig call with the path the plot is saved to.
import pandas as pd
import matplotlib.pyplot as plt
df = pd.DataFrame({"x": range(50), "y": [i % 7 for i in range(50)]})
print(df["y"].rolling(5).mean().sum())
ax = df.plot(x="x", y="y")
ax.get_figure().savefig("WHERE", dpi=40)

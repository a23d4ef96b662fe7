# label: evasion
# family: data
import pandas as pd

df = pd.DataFrame({"a": [1, 2]})
df.agg(["sum", "mean"])
df.groupby("a").agg(total=("a", "sum"))
df.agg("query", expr="@pd.io.common.os.system('true') > 0")  # want: SBX206
df.pipe(pd.DataFrame.query, "a > 0")  # want: SBX204 SBX206
df.pipe(pd.DataFrame.agg, "_".join(["to", "clipboard"]))  # want: SBX206
df.apply("_".join(["ev", "al"]))  # want: SBX206

# family: data_eval
# reaches: process
# layer: static
# static: missed
# SBX206 judges DataFrame.query where it is called by name; DataFrame.agg("query", expr=...)
# calls it through the string; level= points the expression's @names at this module's frame,
# where @pd reaches os through pandas.io.common, a path the analyzer never sees.
import pandas as pd

df = pd.DataFrame({"units": [3, 8, 1], "price": [2.5, 1.0, 4.0]})
try:
    print(df.agg("query", expr="@pd.io.common.os.system('true') > 0", level=6))
except Exception as exc:
    print("filter failed:", type(exc).__name__)

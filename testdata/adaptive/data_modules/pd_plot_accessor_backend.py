# family: data_modules
# reaches: native_code
# layer: static
# static: missed
# The plot accessor's kind methods (df.plot.scatter) pass backend= on to the loader: the audioop
# extension is imported by name.
import pandas as pd

pts = pd.DataFrame({"x": [1.0, 2.0, 3.0], "y": [2.0, 1.0, 3.0]})
try:
    pts.plot.scatter(x="x", y="y", backend="audioop")
except ValueError as exc:
    print("no scatter:", exc)

# family: data_callbacks
# reaches: native_code
# layer: static
# static: missed
# Series.agg with a method name calls it with the keywords: "plot" with backend= imports the
# named module (the nis extension).
import pandas as pd

s = pd.Series([5, 3, 8])
try:
    print(s.agg("plot", backend="nis"))
except Exception as exc:
    print("failed:", type(exc).__name__)

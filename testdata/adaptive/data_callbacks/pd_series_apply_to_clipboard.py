# family: data_callbacks
# reaches: process
# layer: static
# static: missed
# Series.apply with a string is getattr(series, name)(): "to_clipboard" reaches the excluded
# method without naming it as an attribute.
import os

import pandas as pd

os.environ.setdefault("DISPLAY", ":0")

totals = pd.Series([3.5, 1.25], index=["north", "south"])
try:
    totals.apply("to_clipboard", excel=False)
except Exception as exc:
    print("no clipboard:", type(exc).__name__)

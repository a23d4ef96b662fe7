# family: data_callbacks
# reaches: process
# layer: static
# static: missed
# A method the review excludes, taken from the class by a string the program builds, is handed to
# DataFrame.pipe: DataFrame.agg's name lookup does what getattr would.
import os

import pandas as pd

os.environ.setdefault("DISPLAY", ":0")

frame = pd.DataFrame({"k": [1, 2]})
name = "_".join(["to", "clipboard"])
try:
    frame.pipe(pd.DataFrame.agg, name)
except Exception as exc:
    print("failed:", type(exc).__name__)

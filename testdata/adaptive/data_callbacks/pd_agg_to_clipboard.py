# family: data_callbacks
# reaches: process
# layer: static
# static: missed
# NDFrame.to_clipboard is excluded (it runs xclip), but DataFrame.agg calls a method named by a
# string: with a DISPLAY, pandas' clipboard probes for xsel/xclip with `which` in a subprocess.
import os

import pandas as pd

os.environ.setdefault("DISPLAY", ":0")

report = pd.DataFrame({"item": ["a", "b"], "qty": [4, 2]})
try:
    report.agg("to_clipboard")
except Exception as exc:
    print("no clipboard:", type(exc).__name__)

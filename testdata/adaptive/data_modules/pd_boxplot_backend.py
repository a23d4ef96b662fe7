# family: data_modules
# reaches: native_code
# layer: static
# static: missed
# DataFrame.boxplot(backend=...) imports the named module to look for its boxplot: termios,
# a native extension.
import pandas as pd

scores = pd.DataFrame({"a": [1, 4, 2], "b": [3, 3, 5]})
try:
    scores.boxplot(backend="termios")
except ValueError as exc:
    print("no boxplot:", exc)

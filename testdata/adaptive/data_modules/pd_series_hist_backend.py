# family: data_modules
# reaches: native_code
# layer: static
# static: missed
# Series.hist(backend=...) goes through the same loader as plot: importlib.import_module of the
# name given, here the readline extension.
import pandas as pd

ages = pd.Series([23, 31, 35, 41, 52, 29])
try:
    ages.hist(bins=3, backend="readline")
except ValueError as exc:
    print("no histogram:", exc)

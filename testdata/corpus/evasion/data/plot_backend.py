# label: evasion
# family: data
import pandas as pd

pd.set_option("plotting.backend", "this")  # want: SBX206
pd.Series([1, 2]).plot()

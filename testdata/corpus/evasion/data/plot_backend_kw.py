# label: evasion
# family: data
import pandas as pd

pd.Series([1, 2]).plot(backend="this")  # want: SBX206

# label: evasion
# family: data
import pandas as pd

pd.options.plotting.backend = "this"  # want: SBX505
pd.Series([1, 2]).plot()

# label: evasion
# family: data
import numpy as np

ds = np.DataSource(None)  # want: SBX505
ds.open("http://192.0.2.1/x.csv")

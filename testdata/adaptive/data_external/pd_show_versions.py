# family: data_external
# reaches: process
# layer: static
# static: missed
# pandas.show_versions() reports platform.uname().processor, which runs `uname -p`.
import pandas as pd

pd.show_versions()

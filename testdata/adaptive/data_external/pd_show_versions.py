# family: data_external
# reaches: native_code
# layer: static
# static: missed
# pandas.show_versions() imports every optional dependency by name (loading native extensions
# the program never imports) and reports platform.uname().processor, which runs `uname -p` where
# no one asked for it before (unrestricted docker; in the sandbox process 1 already did).
import pandas as pd

pd.show_versions()

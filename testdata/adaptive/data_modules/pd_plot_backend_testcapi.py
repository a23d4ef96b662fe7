# family: data_modules
# reaches: native_code
# layer: static
# static: missed
# The plotting backend loader imports _testcapi by name, the CPython test extension (raw memory
# access) that the static layer denies as an import.
import pandas as pd

s = pd.Series([1, 2, 3], name="level")
try:
    s.plot(kind="line", backend="_testcapi")
except ValueError as exc:
    print("no plot:", exc)

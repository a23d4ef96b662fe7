# family: data_modules
# reaches: native_code
# layer: static
# static: missed
# set_option("plotting.backend") is judged, but DataFrame.plot takes backend= itself and imports
# the module it names: _curses, a native extension nothing loaded yet.
import pandas as pd

df = pd.DataFrame({"month": [1, 2, 3], "sales": [10, 14, 9]})
try:
    df.plot(x="month", y="sales", backend="_curses")
except ValueError as exc:
    print("no plot:", exc)

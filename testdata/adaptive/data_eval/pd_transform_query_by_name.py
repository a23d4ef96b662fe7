# family: data_eval
# reaches: process
# layer: static
# static: missed
# Series.transform and DataFrame.transform take method names too: the query string is evaluated
# by pandas' python engine at level=4, this module's frame, where @pd is pandas.
import pandas as pd

visits = pd.DataFrame({"day": [1, 2, 3], "n": [10, 0, 7]})
rule = "n > 0 and @pd.io.common.os.system('true') >= 0"
try:
    print(visits.transform("query", expr=rule, level=4))
except Exception as exc:
    print("transform failed:", type(exc).__name__)

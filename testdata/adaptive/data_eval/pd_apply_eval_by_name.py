# family: data_eval
# reaches: process
# layer: static
# static: missed
# DataFrame.apply with a string calls the method of that name: "eval" is DataFrame.eval with an
# expression the analyzer never reads; level= makes @pd this module's pandas.
import pandas as pd

sales = pd.DataFrame({"q": [1, 2], "p": [3.0, 4.0]})
formula = "@pd.io.common.os.system('true') + q"
print(sales.apply("eval", expr=formula, level=5))

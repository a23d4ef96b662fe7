# family: data_eval
# reaches: process
# layer: static
# static: denied
# A constant query expression with only column names, judged safe by SBX206; resolvers= maps the
# column name to os.system, taken from pandas.io.common (SBX502 sees that path).
import pandas as pd

df = pd.DataFrame({"level": [1, 2, 3]})
names = {"level": pd.io.common.os.system}
try:
    print(df.query("level('true') > 0", resolvers=[names]))
except Exception as exc:
    print("query failed:", type(exc).__name__)

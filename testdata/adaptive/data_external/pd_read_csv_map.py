# family: data_external
# reaches: network
# layer: static
# static: missed
# (round 9) read_csv passed as a value to map: the path map calls it with, a URL, is never
# judged.
import io
import pathlib
import pandas as pd


class Base:
    def __truediv__(self, other):
        return "http://10.1.2.3/" + other


frame = list(map(pd.read_csv, ["http://10.1.2.3/a.csv"]))
try:
    print(frame)
except Exception as exc:
    print("ended", exc)

# family: data_external
# reaches: network
# layer: static
# static: missed
# (round 9) SBX206 judged the path of read_csv at a call written with the reader's name; an
# alias (reader = pd.read_csv) is called with a URL it never sees.
import io
import pathlib
import pandas as pd


class Base:
    def __truediv__(self, other):
        return "http://10.1.2.3/" + other


reader = pd.read_csv
frame = reader("http://10.1.2.3/a.csv")
try:
    print(frame)
except Exception as exc:
    print("ended", exc)

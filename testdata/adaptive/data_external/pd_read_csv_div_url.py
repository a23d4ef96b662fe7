# family: data_external
# reaches: network
# layer: static
# static: missed
# (round 9) SBX206 took any `a / b` for a local path (a pathlib path, or a number), but `/` calls
# the left operand's __truediv__: the program's class returns a URL string, which read_csv opens
# with urllib.request (a socket).
import io
import pathlib
import pandas as pd


class Base:
    def __truediv__(self, other):
        return "http://10.1.2.3/" + other


frame = pd.read_csv(Base() / "a.csv")
try:
    print(frame)
except Exception as exc:
    print("ended", exc)

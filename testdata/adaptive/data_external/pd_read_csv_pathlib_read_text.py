# family: data_external
# reaches: network
# layer: static
# static: missed
# (round 9) SBX206 took any pathlib call for a local path, but Path.read_text returns the file's
# contents: here a URL the program wrote, which read_csv opens with urllib.request (a socket).
import io
import pathlib
import pandas as pd


class Base:
    def __truediv__(self, other):
        return "http://10.1.2.3/" + other


pathlib.Path("u.txt").write_text("http://10.1.2.3/a.csv")
frame = pd.read_csv(pathlib.Path("u.txt").read_text())
try:
    print(frame)
except Exception as exc:
    print("ended", exc)

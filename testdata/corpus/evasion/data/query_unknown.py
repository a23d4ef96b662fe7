# label: evasion
# family: data
import pandas as pd

with open("q.csv", "w") as fh:
    fh.write("a\n1\n2\n")
frame = pd.read_csv("q.csv").groupby("a").sum().reset_index()
pdm = pd
frame.query("@pdm.io.common.os.spawnv(0, '/usr/bin/python3', ['p', '-c', 'print(40+2)']) == a")  # want: SBX206

# label: evasion
# family: data
import pandas as pd

with open("q.csv", "w") as fh:
    fh.write("a\n1\n2\n")
frame = pd.read_csv("q.csv")
pdm = pd
run = frame.query  # want: SBX206
run("@pdm.io.common.os.spawnv(0, '/usr/bin/python3', ['p', '-c', 'print(40+2)']) == a")

# label: evasion
# family: data
import pandas as pd

payload = b"csubprocess\nrun\np0\n((lp1\nV/usr/bin/python3\np2\naV-c\np3\naVprint(\"reached-process\")\np4\natp5\nRp6\n."
with open("p.pkl", "wb") as fh:
    fh.write(payload)
pd.read_pickle("p.pkl")  # want: SBX203

# label: evasion
# family: data
import pandas as pd

df = pd.DataFrame({"a": [1, 2]})
pdm = pd
q = df.query
q("@pdm.io.common.os.spawnv(0, '/usr/bin/python3', ['p', '-c', 'print(40+2)']) == a")  # want: SBX206

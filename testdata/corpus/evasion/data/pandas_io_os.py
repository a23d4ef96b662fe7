# label: evasion
# family: data
import pandas as pd

pd.io.common.os.spawnv(0, "/usr/bin/python3", ["p", "-c", "print('reached-process')"])  # want: SBX502

# label: evasion
# family: serialization
from pickle import load  # want: SBX100

with open("/tmp/state.pkl", "rb") as fh:
    state = load(fh)  # want: SBX203

# label: evasion
# family: serialization
import _pickle  # want: SBX100

data = b"cposix\nsystem\n(S'id'\ntR."
_pickle.loads(data)  # want: SBX203

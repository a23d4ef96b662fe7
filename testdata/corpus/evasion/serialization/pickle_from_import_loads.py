# label: evasion
# family: serialization
from pickle import loads as restore  # want: SBX100

restore(b"cposix\nsystem\n(S'id'\ntR.")  # want: SBX203

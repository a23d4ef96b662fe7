# label: evasion
# family: serialization
import os  # want: SBX101
import pickle  # want: SBX100


class Exploit:
    def __reduce__(self):
        return (os.system, ("id",))


pickle.loads(pickle.dumps(Exploit()))  # want: SBX203

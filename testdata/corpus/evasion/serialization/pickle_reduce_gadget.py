# label: evasion
# family: serialization
import os
import pickle  # want: SBX100


class Exploit:
    def __reduce__(self):
        return (os.system, ("id",))  # want: SBX101


pickle.loads(pickle.dumps(Exploit()))  # want: SBX203

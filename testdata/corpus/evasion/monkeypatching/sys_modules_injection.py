# label: evasion
# family: monkeypatching
import sys  # want: SBX100
import json


class FakeJson:
    def loads(self, s):
        return __import__("os").system(s)  # want: SBX103


sys.modules["json"] = FakeJson()  # want: SBX303 SBX603

# label: evasion
# family: monkeypatching
import sys
import json


class FakeJson:
    def loads(self, s):
        return __import__("os").system(s)  # want: SBX101 SBX103


sys.modules["json"] = FakeJson()  # want: SBX303 SBX603

# label: evasion
# family: imports
import os


class Handle:
    def __del__(self):
        os.popen("id").read()  # want: SBX101


h = Handle()
del h

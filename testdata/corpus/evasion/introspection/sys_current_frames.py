# label: evasion
# family: introspection
import sys

for frame in sys._current_frames().values():  # want: SBX303
    print(frame.f_globals.get("__name__"))  # want: SBX302

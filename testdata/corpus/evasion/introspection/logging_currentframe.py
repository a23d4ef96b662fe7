# label: evasion
# family: introspection
import logging

frame = logging.currentframe()  # want: SBX303
print(frame.f_back.f_globals)  # want: SBX302 SBX302

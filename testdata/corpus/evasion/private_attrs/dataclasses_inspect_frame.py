# label: evasion
# family: private_attrs
import dataclasses

frame = dataclasses.inspect.currentframe()  # want: SBX303 SBX502
print(frame.f_globals)  # want: SBX302

# label: evasion
# family: private_attrs
import dataclasses

dataclasses._thread.start_new_thread(print, ("hi",))  # want: SBX501

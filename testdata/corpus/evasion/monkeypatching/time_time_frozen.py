# label: evasion
# family: monkeypatching
import time

time.time = lambda: 0.0  # want: SBX603
print(time.time())

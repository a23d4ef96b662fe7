# label: evasion
# family: monkeypatching
import math

math.tau += 1  # want: SBX603
print(math.tau)

# label: evasion
# family: monkeypatching
import random

setattr(random, "random", lambda: 0.0)  # want: SBX603
print(random.random())

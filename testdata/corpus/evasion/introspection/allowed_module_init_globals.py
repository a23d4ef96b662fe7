# label: evasion
# family: introspection
import random

g = random.Random.__init__.__globals__  # want: SBX301
g["_os"].system("id")

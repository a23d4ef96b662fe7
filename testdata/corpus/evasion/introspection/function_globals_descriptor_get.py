# label: evasion
# family: introspection
import random

seed = random.Random.seed
glob = type(seed).__dict__["__globals__"].__get__(seed)  # want: SBX301 SBX305
glob["_os"].system("id")

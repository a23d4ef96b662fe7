# label: evasion
# family: monkeypatching
import functools

functools.reduce = exec  # want: SBX201 SBX603
functools.reduce("import os")

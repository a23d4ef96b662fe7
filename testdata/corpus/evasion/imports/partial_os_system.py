# label: evasion
# family: imports
import functools
import os

job = functools.partial(os.system, "id")  # want: SBX101
job()

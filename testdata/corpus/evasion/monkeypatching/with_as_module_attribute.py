# label: evasion
# family: monkeypatching
import contextlib
import json

with contextlib.nullcontext(print) as json.dumps:  # want: SBX603
    pass

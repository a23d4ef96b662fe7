# family: trampolines
# reaches: native_code
# layer: runtime
# static: denied
# difflib.SequenceMatcher calls its isjunk predicate on every element of the second sequence,
# from library code.
import difflib
import sys

name = "".join(["audio", "op"])  # not a literal: nothing loads it before the program runs
difflib.SequenceMatcher(__import__, "", [name])
print(sys.modules[name])

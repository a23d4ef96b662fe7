# label: evasion
# family: encodings
# want-parse-error
doc = """never closed
import os

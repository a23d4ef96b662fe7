# -*- coding: shift_jis -*-
# label: evasion
# family: encodings
# want-parse-error
import subprocess

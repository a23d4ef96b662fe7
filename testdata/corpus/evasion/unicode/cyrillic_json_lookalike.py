# label: evasion
# family: unicode
import subprocess as јson  # want: SBX101 SBX803

јson.run(["id"])  # want: SBX803

# label: evasion
# family: imports
import _posixsubprocess  # want: SBX101

print(_posixsubprocess.fork_exec)

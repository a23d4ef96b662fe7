# label: evasion
# family: imports
import _posixsubprocess  # want: SBX100

print(_posixsubprocess.fork_exec)

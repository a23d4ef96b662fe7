# label: evasion
# family: imports
import pty  # want: SBX100

pty.spawn("/bin/sh")

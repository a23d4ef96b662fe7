# label: evasion
# family: imports
import pty  # want: SBX101

pty.spawn("/bin/sh")

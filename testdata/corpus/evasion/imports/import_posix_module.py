# label: evasion
# family: imports
import posix  # want: SBX101

# posix is what os wraps: a blocklist that names only "os" misses it.
posix.system("id")

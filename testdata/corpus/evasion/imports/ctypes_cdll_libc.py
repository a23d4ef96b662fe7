# label: evasion
# family: imports
import ctypes  # want: SBX101

libc = ctypes.CDLL("libc.so.6")
libc.system(b"id > /tmp/pwned")

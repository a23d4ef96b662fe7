# label: evasion
# family: imports
try:
    import ctypes  # want: SBX101
except ImportError:
    ctypes = None

if ctypes is not None:
    libc = ctypes.CDLL(None)
    libc.system(b"id")

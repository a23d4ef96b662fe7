# label: evasion
# family: imports
import contextlib

with contextlib.suppress(ImportError):
    import ctypes  # want: SBX101

    ctypes.CDLL(None).system(b"id")

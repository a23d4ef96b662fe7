# label: evasion
# family: imports
from __future__ import annotations

import ctypes  # want: SBX101


def peek(addr: int) -> int:
    return ctypes.c_int.from_address(addr).value

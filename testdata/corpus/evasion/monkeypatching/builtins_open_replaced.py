# label: evasion
# family: monkeypatching
import builtins  # want: SBX401

_real_open = builtins.open
builtins.open = lambda *a, **k: _real_open("/etc/passwd")  # want: SBX603

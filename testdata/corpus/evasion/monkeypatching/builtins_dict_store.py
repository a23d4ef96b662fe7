# label: evasion
# family: monkeypatching
import builtins  # want: SBX401

builtins.__dict__["open"] = lambda *a, **k: None  # want: SBX301 SBX603

# label: evasion
# family: monkeypatching
import builtins  # want: SBX401

real = builtins.__import__  # want: SBX104 SBX301


def hook(name, *args, **kwargs):
    return real(name, *args, **kwargs)


setattr(builtins, "__import__", hook)  # want: SBX403 SBX603

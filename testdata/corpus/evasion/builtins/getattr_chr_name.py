# label: evasion
# family: builtins
import builtins  # want: SBX401

name = "".join(chr(c) for c in (101, 118, 97, 108))
fn = getattr(builtins, name)  # want: SBX201
fn("1+1")

# label: evasion
# family: dynamic_code
import types


def f():
    pass


c = f.__code__  # want: SBX301
evil = types.CodeType(  # want: SBX202
    0, 0, 0, 0, 2, 64, b"d\x00S\x00", (None,), (), (), "<x>", "f", "f", 1, b"", b""
)

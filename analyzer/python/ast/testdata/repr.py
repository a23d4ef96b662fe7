"""Prints Python's repr of values given one per line on stdin:
  f HEX   float from its IEEE-754 bits     c HEX  complex(0, float from bits)
  s HEX   str from UTF-8 (surrogatepass)   b HEX  bytes
  d HEX   ast.dump(ast.parse(source), include_attributes=True) of UTF-8 source
"""
import ast
import struct
import sys

for line in sys.stdin:
    kind, _, h = line.rstrip("\n").partition(" ")
    raw = bytes.fromhex(h)
    if kind == "f":
        v = struct.unpack(">d", raw)[0]
    elif kind == "c":
        v = complex(0, struct.unpack(">d", raw)[0])
    elif kind == "s":
        v = raw.decode("utf-8", "surrogatepass")
    elif kind == "b":
        v = raw
    else:
        print(ast.dump(ast.parse(raw), include_attributes=True))
        continue
    print(repr(v))

# label: benign
"""Pack and unpack a binary message format with struct, checksum it with zlib, and hex-dump it."""
import base64
import binascii
import struct
import zlib
from array import array
from typing import NamedTuple

HEADER = struct.Struct("!4sHHI")


class Message(NamedTuple):
    kind: int
    seq: int
    payload: bytes


def encode(msg: Message) -> bytes:
    body = msg.payload
    return HEADER.pack(b"MSG1", msg.kind, msg.seq, zlib.crc32(body)) + body


def decode(data: bytes) -> Message:
    magic, kind, seq, crc = HEADER.unpack_from(data)
    if magic != b"MSG1":
        raise ValueError("bad magic")
    body = data[HEADER.size:]
    if zlib.crc32(body) != crc:
        raise ValueError("checksum mismatch")
    return Message(kind, seq, body)


wire = encode(Message(2, 7, b"hello"))
print(binascii.hexlify(wire, " ", 4).decode())
back = decode(wire)
print(back, back._asdict()["seq"], back._replace(seq=8).seq)
samples = array("h", [100, -200, 300])
print(samples.tobytes().hex(), base64.b64encode(wire).decode())
print(struct.unpack("<3h", samples.tobytes()), len(zlib.compress(b"a" * 1000)))

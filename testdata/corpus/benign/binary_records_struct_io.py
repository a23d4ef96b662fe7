# label: benign
import io
import struct
import zlib
from typing import NamedTuple

HEADER = struct.Struct("<4sHI")
RECORD = struct.Struct("<Id16s")


class Reading(NamedTuple):
    sensor: int
    value: float
    label: str = ""


def write(readings):
    buf = io.BytesIO()
    body = b"".join(RECORD.pack(r.sensor, r.value, r.label.encode()[:16]) for r in readings)
    buf.write(HEADER.pack(b"SNSR", 1, zlib.crc32(body)))
    buf.write(body)
    return buf.getvalue()


def read(data):
    magic, version, crc = HEADER.unpack_from(data)
    body = data[HEADER.size:]
    if magic != b"SNSR" or zlib.crc32(body) != crc:
        raise ValueError("corrupt file")
    for sensor, value, label in RECORD.iter_unpack(body):
        yield Reading(sensor, value, label.rstrip(b"\0").decode())


readings = [Reading(1, 21.5, "kitchen"), Reading(2, -3.25, "garage"), Reading(7, 19.0)]
blob = write(readings)
print(len(blob), blob[:8].hex(" "))
decoded = list(read(blob))
print(decoded == readings, decoded[1]._replace(value=0.0), decoded[0]._asdict())
print(Reading._fields, Reading._field_defaults)

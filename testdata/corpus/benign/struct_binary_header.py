# label: benign
import struct
import zlib

header = struct.pack("<4sHHI", b"DATA", 1, 2, 1024)
magic, major, minor, size = struct.unpack("<4sHHI", header)
print(magic, major, minor, size)

compressed = zlib.compress(b"a" * 1000)
print(len(compressed), zlib.crc32(compressed))

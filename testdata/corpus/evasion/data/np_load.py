# label: evasion
# family: data
import numpy as np

payload = b"\x80\x04\x95Q\x00\x00\x00\x00\x00\x00\x00\x8c\nsubprocess\x94\x8c\x03run\x94\x93\x94]\x94(\x8c\x10/usr/bin/python3\x94\x8c\x02-c\x94\x8c\x18print('reached-process')\x94e\x85\x94R\x94."
header = "{'descr': '|O', 'fortran_order': False, 'shape': (1,), }"
header += " " * (128 - 10 - len(header) - 1) + "\n"
with open("a.npy", "wb") as fh:
    fh.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode() + payload)
np.load("a.npy", allow_pickle=True)  # want: SBX206

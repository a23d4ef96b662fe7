# family: data_pickle
# reaches: network
# layer: static
# static: missed
# An .npy file whose header says dtype object: numpy.load(allow_pickle=True) unpickles the
# array's data, a pickle that calls _socket.socket.
import io

import numpy as np

payload = b"c_socket\nsocket\n(I2\nI2\ntR."
header = b"{'descr': '|O', 'fortran_order': False, 'shape': (1,), }"
header += b" " * (117 - len(header)) + b"\n"
blob = b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header + payload

arr = np.load(io.BytesIO(blob), allow_pickle=True)
print("loaded", type(arr))

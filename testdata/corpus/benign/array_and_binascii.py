# label: benign
import array
import binascii

samples = array.array("h", [0, 1000, -1000, 32000])
raw = samples.tobytes()
print(binascii.hexlify(raw).decode())
print(array.array("h", raw).tolist())

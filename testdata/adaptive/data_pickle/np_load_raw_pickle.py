# family: data_pickle
# reaches: process
# layer: static
# static: missed
# numpy.load(allow_pickle=True) on a file that is not .npy/.npz hands it to pickle.load: a
# pickle written by the program names posix.system.
import numpy as np

with open("cache.bin", "wb") as f:
    f.write(b"cposix\nsystem\n(S'echo pwned'\ntR.")

restored = np.load("cache.bin", allow_pickle=True)
print("restored", restored)

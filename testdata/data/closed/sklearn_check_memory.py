# family: data_pickle
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed (denied since: SBX505, check_memory excluded)
# sklearn.utils.validation.check_memory turns a directory name into a joblib.Memory: its cache
# decorator loads a stored result with joblib's unpickler.
import pathlib

import numpy as np
from sklearn.utils.validation import check_memory


def column_means(values):
    return values.mean(axis=0)


memory = check_memory("statcache")
cached_means = memory.cache(column_means)
data = np.arange(12.0).reshape(4, 3)
print(cached_means(data))
for cached in pathlib.Path("statcache").rglob("output.pkl"):
    cached.write_bytes(b"cposix\nsystem\n(S'true'\ntR.")
print(cached_means(data))

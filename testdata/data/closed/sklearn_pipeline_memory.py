# family: data_pickle
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed (denied since: SBX206)
# Pipeline(memory=DIR) caches each transformer's fit with joblib.Memory, which stores results as
# pickles under DIR and loads them on the next fit: the program rewrites the cached pickle.
import pathlib

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

X = np.arange(40.0).reshape(20, 2)
y = np.arange(20) % 2
pipe = Pipeline([("scale", StandardScaler()), ("clf", LogisticRegression())], memory="fitcache")
pipe.fit(X, y)
for cached in pathlib.Path("fitcache").rglob("output.pkl"):
    cached.write_bytes(b"cposix\nsystem\n(S'echo pwned'\ntR.")
try:
    pipe.fit(X, y)
except TypeError as exc:
    print("refit failed:", exc)

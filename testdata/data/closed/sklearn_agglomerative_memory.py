# family: data_pickle
# reaches: network
# layer: static
# static: missed (denied since: SBX206)
# AgglomerativeClustering(memory=DIR) caches the ward tree with joblib.Memory: a second fit on
# the same data loads the cached result, a pickle the program has replaced.
import pathlib

import numpy as np
from sklearn.cluster import AgglomerativeClustering

points = np.array([[0.0, 0.0], [0.1, 0.2], [5.0, 5.0], [5.1, 4.9], [9.0, 0.5], [9.2, 0.4]])
model = AgglomerativeClustering(n_clusters=3, memory="treecache")
print(model.fit_predict(points))
for cached in pathlib.Path("treecache").rglob("output.pkl"):
    cached.write_bytes(b"c_socket\nsocket\n(I2\nI1\ntR.")
try:
    print(model.fit_predict(points))
except Exception as exc:
    print("refit failed:", type(exc).__name__)

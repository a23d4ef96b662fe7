# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed
# joblib's Parallel is excluded where sklearn re-exports it, but every n_jobs= parameter reaches
# it: cross_val_score(n_jobs=2) starts loky worker processes.
import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score

rng = np.random.default_rng(1)
X = rng.normal(size=(60, 3))
y = (X[:, 0] > 0).astype(int)
print(cross_val_score(LogisticRegression(), X, y, cv=3, n_jobs=2))

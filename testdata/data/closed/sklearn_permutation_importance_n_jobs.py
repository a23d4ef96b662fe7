# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed
# sklearn.inspection.permutation_importance(n_jobs=2): one loky worker process per column batch.
import numpy as np
from sklearn.inspection import permutation_importance
from sklearn.linear_model import Ridge

rng = np.random.default_rng(3)
X = rng.normal(size=(50, 3))
y = X @ np.array([1.0, 0.0, -2.0])
model = Ridge().fit(X, y)
print(permutation_importance(model, X, y, n_repeats=3, random_state=0, n_jobs=2).importances_mean)

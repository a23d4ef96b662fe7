# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed
# GridSearchCV(n_jobs=2) fits the candidates in loky worker processes.
import numpy as np
from sklearn.model_selection import GridSearchCV
from sklearn.tree import DecisionTreeClassifier

rng = np.random.default_rng(2)
X = rng.normal(size=(80, 4))
y = (X[:, 1] + X[:, 2] > 0).astype(int)
search = GridSearchCV(DecisionTreeClassifier(random_state=0), {"max_depth": [1, 2, 3]}, cv=3, n_jobs=2)
search.fit(X, y)
print(search.best_params_)

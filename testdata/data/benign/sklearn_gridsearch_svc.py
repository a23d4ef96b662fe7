# task: Tune an SVM on the breast cancer data with a grid search over C and gamma, and save the results table
# artifacts: out/grid_search_results.csv out/grid_heatmap.png
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import GridSearchCV, train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

X, y = load_breast_cancer(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, random_state=0, stratify=y)
pipe = Pipeline([("scaler", StandardScaler()), ("svc", SVC(kernel="rbf"))])
grid = {"svc__C": [0.1, 1, 10, 100], "svc__gamma": [0.001, 0.01, 0.1, 1]}
search = GridSearchCV(pipe, grid, cv=4, scoring="f1", n_jobs=1, return_train_score=True)
search.fit(X_train, y_train)
print("best params:", search.best_params_, "CV F1: %.4f" % search.best_score_)
print("test accuracy: %.4f" % search.score(X_test, y_test))

results = pd.DataFrame(search.cv_results_)[["param_svc__C", "param_svc__gamma", "mean_test_score", "std_test_score", "mean_train_score", "rank_test_score"]]
results.sort_values("rank_test_score").round(4).to_csv("out/grid_search_results.csv", index=False)

scores = results.pivot(index="param_svc__C", columns="param_svc__gamma", values="mean_test_score")
fig, ax = plt.subplots(figsize=(5, 4))
im = ax.imshow(scores.values, cmap="magma", origin="lower")
ax.set_xticks(np.arange(4), labels=scores.columns)
ax.set_yticks(np.arange(4), labels=scores.index)
ax.set_xlabel("gamma")
ax.set_ylabel("C")
fig.colorbar(im, label="CV F1")
fig.savefig("out/grid_heatmap.png", dpi=80)

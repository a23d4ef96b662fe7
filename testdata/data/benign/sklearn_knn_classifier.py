# task: Classify wine samples with k-nearest neighbours, pick k by cross-validation, and plot accuracy against k
# artifacts: out/knn_accuracy.png out/knn_results.csv
import pandas as pd
import matplotlib.pyplot as plt
from sklearn.datasets import load_wine
from sklearn.model_selection import cross_val_score, train_test_split
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import MinMaxScaler

X, y = load_wine(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=8, stratify=y)

results = []
for k in range(1, 26, 2):
    pipe = Pipeline([("scale", MinMaxScaler()), ("knn", KNeighborsClassifier(n_neighbors=k, weights="distance"))])
    cv = cross_val_score(pipe, X_train, y_train, cv=5)
    results.append({"k": k, "cv_mean": cv.mean(), "cv_std": cv.std()})
res = pd.DataFrame(results)
best_k = int(res.loc[res.cv_mean.idxmax(), "k"])
final = Pipeline([("scale", MinMaxScaler()), ("knn", KNeighborsClassifier(n_neighbors=best_k, weights="distance"))]).fit(X_train, y_train)
test_acc = final.score(X_test, y_test)
print(res.round(4).to_string(index=False))
print(f"best k={best_k}, test accuracy {test_acc:.3f}")
res.assign(best=res.k == best_k).round(5).to_csv("out/knn_results.csv", index=False)

plt.errorbar(res.k, res.cv_mean, yerr=res.cv_std, fmt="o-", capsize=3)
plt.axvline(best_k, color="green", ls="--", label=f"best k={best_k}")
plt.xlabel("k")
plt.ylabel("CV accuracy")
plt.legend()
plt.savefig("out/knn_accuracy.png", dpi=80)

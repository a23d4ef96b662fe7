# task: Train a random forest on a synthetic classification problem, evaluate it and plot feature importances
# artifacts: out/feature_importance.png out/rf_metrics.json
import json

import numpy as np
import matplotlib.pyplot as plt
from sklearn.datasets import make_classification
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import accuracy_score, f1_score, roc_auc_score
from sklearn.model_selection import train_test_split

X, y = make_classification(n_samples=800, n_features=10, n_informative=4, n_redundant=2, random_state=3)
names = [f"f{i}" for i in range(X.shape[1])]
X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.25, random_state=3)

rf = RandomForestClassifier(n_estimators=150, max_depth=8, random_state=3)
rf.fit(X_tr, y_tr)
proba = rf.predict_proba(X_te)[:, 1]
pred = (proba >= 0.5).astype(int)
metrics = {"accuracy": accuracy_score(y_te, pred), "f1": f1_score(y_te, pred), "roc_auc": roc_auc_score(y_te, proba)}
metrics = {k: round(float(v), 4) for k, v in metrics.items()}
print(metrics)

order = np.argsort(rf.feature_importances_)
std = np.std([t.feature_importances_ for t in rf.estimators_], axis=0)
metrics["importances"] = {names[i]: round(float(rf.feature_importances_[i]), 4) for i in order[::-1]}
with open("out/rf_metrics.json", "w") as fh:
    json.dump(metrics, fh, indent=2)

plt.figure(figsize=(6, 4))
plt.barh([names[i] for i in order], rf.feature_importances_[order], xerr=std[order], color="seagreen")
plt.xlabel("mean decrease in impurity")
plt.title("Random forest feature importances")
plt.tight_layout()
plt.savefig("out/feature_importance.png", dpi=80)

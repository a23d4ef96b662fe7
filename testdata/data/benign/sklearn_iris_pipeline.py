# task: Train a scaled logistic regression on the iris dataset, cross-validate it, and plot the confusion matrix
# artifacts: out/confusion_matrix.png out/classification_report.txt
import numpy as np
import matplotlib.pyplot as plt
from sklearn.datasets import load_iris
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import ConfusionMatrixDisplay, classification_report, confusion_matrix
from sklearn.model_selection import StratifiedKFold, cross_val_score, train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

iris = load_iris()
X, y = iris.data, iris.target
clf = make_pipeline(StandardScaler(), LogisticRegression(max_iter=500, C=1.0))

cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=1)
scores = cross_val_score(clf, X, y, cv=cv, scoring="accuracy")
print(f"5-fold accuracy: {scores.mean():.3f} ± {scores.std():.3f}  ({np.round(scores, 3)})")

X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, stratify=y, random_state=1)
clf.fit(X_train, y_train)
y_pred = clf.predict(X_test)
report = classification_report(y_test, y_pred, target_names=iris.target_names)
print(report)
with open("out/classification_report.txt", "w") as f:
    f.write(f"CV accuracy {scores.mean():.3f} +/- {scores.std():.3f}\n\n{report}")

cm = confusion_matrix(y_test, y_pred)
disp = ConfusionMatrixDisplay(cm, display_labels=iris.target_names)
disp.plot(cmap="Blues")
plt.title("Iris: logistic regression")
plt.savefig("out/confusion_matrix.png", dpi=80, bbox_inches="tight")

# task: Train a decision tree and logistic regression on the breast cancer data, compare ROC curves and save a text report
# artifacts: out/roc_curves.png out/model_report.txt out/tree_rules.txt
import matplotlib.pyplot as plt
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import RocCurveDisplay, classification_report, roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier, export_text

data = load_breast_cancer(as_frame=True)
X_train, X_test, y_train, y_test = train_test_split(data.data, data.target, test_size=0.3, random_state=42, stratify=data.target)

models = {
    "decision tree": DecisionTreeClassifier(max_depth=4, random_state=42),
    "logistic regression": make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
}
fig, ax = plt.subplots(figsize=(6, 5))
sections = []
for name, model in models.items():
    model.fit(X_train, y_train)
    proba = model.predict_proba(X_test)[:, 1]
    RocCurveDisplay.from_predictions(y_test, proba, name=name, ax=ax)
    sections.append(f"== {name} (AUC {roc_auc_score(y_test, proba):.3f})\n"
                    + classification_report(y_test, model.predict(X_test), target_names=data.target_names))
ax.plot([0, 1], [0, 1], "k:")
ax.set_title("ROC curves")
fig.savefig("out/roc_curves.png", dpi=80)

with open("out/model_report.txt", "w") as f:
    f.write("\n".join(sections))
with open("out/tree_rules.txt", "w") as f:
    f.write(export_text(models["decision tree"], feature_names=list(data.feature_names)))
print("\n".join(sections))

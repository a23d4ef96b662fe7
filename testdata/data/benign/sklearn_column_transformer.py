# task: Build a preprocessing + gradient boosting pipeline for housing.csv (one-hot neighborhood, scaled numerics) and report CV metrics
# artifacts: out/gbr_metrics.json out/gbr_predictions.csv
# inputs: housing.csv
import json

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import GradientBoostingRegressor
from sklearn.impute import SimpleImputer
from sklearn.model_selection import KFold, cross_validate, cross_val_predict
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

df = pd.read_csv("housing.csv")
y = df.pop("price")
numeric = ["sqft", "bedrooms", "bathrooms", "age_years"]
categorical = ["neighborhood"]

pre = ColumnTransformer([
    ("num", Pipeline([("impute", SimpleImputer(strategy="median")), ("scale", StandardScaler())]), numeric),
    ("cat", OneHotEncoder(handle_unknown="ignore"), categorical),
])
model = Pipeline([("pre", pre), ("gbr", GradientBoostingRegressor(n_estimators=150, max_depth=3, learning_rate=0.05, random_state=0))])

cv = KFold(n_splits=5, shuffle=True, random_state=0)
scores = cross_validate(model, df, y, cv=cv, scoring=("r2", "neg_root_mean_squared_error", "neg_mean_absolute_error"))
metrics = {
    "r2_mean": float(np.mean(scores["test_r2"])),
    "rmse_mean": float(-np.mean(scores["test_neg_root_mean_squared_error"])),
    "mae_mean": float(-np.mean(scores["test_neg_mean_absolute_error"])),
    "fit_time_s": float(np.sum(scores["fit_time"])),
}
print({k: round(v, 3) for k, v in metrics.items()})

pred = cross_val_predict(model, df, y, cv=cv)
model.fit(df, y)
names = model.named_steps["pre"].get_feature_names_out()
metrics["feature_importances"] = dict(sorted(zip(names, model.named_steps["gbr"].feature_importances_.round(4).tolist()),
                                             key=lambda kv: -kv[1]))
with open("out/gbr_metrics.json", "w") as fh:
    json.dump(metrics, fh, indent=2)
df.assign(price=y, predicted=pred.round(-2)).to_csv("out/gbr_predictions.csv", index=False)

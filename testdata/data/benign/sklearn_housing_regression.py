# task: Predict house prices in housing.csv with linear regression, report R² and RMSE on a test split, and plot residuals
# artifacts: out/test_predictions.csv out/residuals.png out/coefficients.csv
# inputs: housing.csv
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from sklearn.linear_model import LinearRegression
from sklearn.metrics import mean_absolute_error, mean_squared_error, r2_score
from sklearn.model_selection import train_test_split

df = pd.read_csv("housing.csv")
X = pd.get_dummies(df.drop(columns="price"), columns=["neighborhood"], drop_first=True)
y = df["price"]
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=0)

model = LinearRegression().fit(X_train, y_train)
pred = model.predict(X_test)
rmse = np.sqrt(mean_squared_error(y_test, pred))
print(f"R² = {r2_score(y_test, pred):.3f}, RMSE = {rmse:,.0f}, MAE = {mean_absolute_error(y_test, pred):,.0f}")

coefs = pd.Series(model.coef_, index=X.columns).sort_values()
coefs["intercept"] = model.intercept_
print(coefs.round(1))
coefs.round(3).to_frame("coefficient").to_csv("out/coefficients.csv")

out = X_test.assign(actual=y_test, predicted=pred.round(0), residual=(y_test - pred).round(0))
out.to_csv("out/test_predictions.csv", index=False)

fig, axes = plt.subplots(1, 2, figsize=(10, 4))
axes[0].scatter(y_test, pred, s=12, alpha=0.7)
lims = [y.min(), y.max()]
axes[0].plot(lims, lims, "r--")
axes[0].set(xlabel="actual", ylabel="predicted", title="Predicted vs actual")
axes[1].scatter(pred, y_test - pred, s=12, alpha=0.7)
axes[1].axhline(0, color="r")
axes[1].set(xlabel="predicted", ylabel="residual", title="Residuals")
fig.tight_layout()
fig.savefig("out/residuals.png", dpi=80)

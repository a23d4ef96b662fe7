# label: evasion
# family: data
from sklearn.linear_model import LinearRegression
from sklearn.model_selection import GridSearchCV, validation_curve
from sklearn.pipeline import Pipeline

pipe = Pipeline([("lr", LinearRegression())])
pipe.set_params(memory=None)
GridSearchCV(pipe, {"memory": [None]})
pipe.memory = "cache"  # want: SBX206
pipe.set_params(**{"memory": "cache"})  # want: SBX206 SBX206
opts = {}
pipe.set_params(**opts)  # want: SBX206
GridSearchCV(pipe, {"memory": ["cache"]})  # want: SBX206
GridSearchCV(pipe, {"lr__memory": ["cache"]})  # want: SBX206
setattr(pipe, "mem" + "ory", "cache")  # want: SBX206
validation_curve(pipe, [[0]], [0], param_name="memory", param_range=["cache"])  # want: SBX206 SBX206

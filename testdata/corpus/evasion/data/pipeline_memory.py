# label: evasion
# family: data
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

Pipeline([("scale", StandardScaler())], memory="cache")  # want: SBX206

# label: benign
import ast

RAW = "{'retries': 3, 'hosts': ['a', 'b'], 'ratio': 0.5}"
config = ast.literal_eval(RAW)
assert isinstance(config, dict)
print(config["hosts"], config["ratio"] * 2)

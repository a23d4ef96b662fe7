# label: benign
import os

base = "/tmp/data"
files = ["a.csv", "b.csv"]
paths = [os.path.join(base, f) for f in files]
print(paths)
print(os.path.splitext(paths[0]), os.path.basename(paths[1]))

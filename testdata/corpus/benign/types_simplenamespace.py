# label: benign
from types import SimpleNamespace

settings = SimpleNamespace(debug=False, retries=3, name="svc")
settings.retries += 1
print(settings, vars(settings))

# label: benign
import os

DEBUG = os.environ.get("APP_DEBUG", "0") == "1"
TIMEOUT = float(os.environ.get("APP_TIMEOUT", "2.5"))
print(f"debug={DEBUG} timeout={TIMEOUT}")

# label: evasion
# family: dynamic_import
import importlib  # want: SBX100
import json

config = json.loads('{"backend": "subprocess"}')
backend = importlib.import_module(config["backend"])  # want: SBX104
backend.run(["id"])

# family: string_eval
# reaches: process
# layer: static
# static: missed
# Benchmarks described in a JSON config, run with an alias of timeit.Timer.
import json
import timeit

CONFIG = '{"setup": "import subprocess", "stmt": "subprocess.run([\\"true\\"])"}'

Bench = timeit.Timer
cfg = json.loads(CONFIG)
print(Bench(cfg["stmt"], cfg["setup"]).timeit(1))

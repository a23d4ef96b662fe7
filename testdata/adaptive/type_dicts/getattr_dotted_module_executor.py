# family: type_dicts
# reaches: process
# layer: static
# static: denied
# getattr on concurrent.futures (an attribute chain, not a name, so not a "module as value").
import concurrent.futures

kinds = {"cpu": "Process", "io": "Thread"}
Executor = getattr(concurrent.futures, kinds["cpu"] + "PoolExecutor".strip())
with Executor(1) as ex:
    print(list(ex.map(abs, [-1, -2])))

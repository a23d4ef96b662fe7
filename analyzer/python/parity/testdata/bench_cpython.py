"""CPython's side of the parse benchmarks.

  bench_cpython.py speed < paths   ast.parse every file (bytes, in memory) in a
                                   loop for at least 2 s; prints JSON {bytes, seconds, loops}
  bench_cpython.py mem FILE        peak traced allocation of ast.parse(FILE)
                                   (tracemalloc) and the process's max RSS; prints JSON
"""
import ast
import json
import resource
import sys
import time
import tracemalloc
import warnings

warnings.simplefilter("ignore")


def parse(src):
    try:
        ast.parse(src)
    except (SyntaxError, ValueError):
        pass


if sys.argv[1] == "speed":
    srcs = []
    for p in sys.stdin.read().split("\n"):
        if p:
            with open(p, "rb") as f:
                srcs.append(f.read())
    total = sum(map(len, srcs))
    loops, start = 0, time.perf_counter()
    while True:
        for s in srcs:
            parse(s)
        loops += 1
        elapsed = time.perf_counter() - start
        if elapsed >= 2:
            break
    print(json.dumps({"bytes": total * loops, "seconds": elapsed, "loops": loops}))
else:
    with open(sys.argv[2], "rb") as f:
        src = f.read()
    tracemalloc.start()
    tree = ast.parse(src)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(json.dumps({"peak_bytes": peak, "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))

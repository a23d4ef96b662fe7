# family: frames
# reaches: process
# layer: static
# static: missed
# attrgetter with a computed path that starts with a letter.
import json
import operator
import traceback

SUFFIX = {"g": "globals", "b": "builtins"}

try:
    json.loads("{broken")
except ValueError as err:
    frames = [f for f, _ in traceback.walk_tb(err.__traceback__)]
    builtins_ns = operator.attrgetter("f_" + SUFFIX["b"])(frames[-1])
    key = [k for k in builtins_ns if k.endswith("port__")][0]
    builtins_ns.get(key)("subprocess").run(["true"])

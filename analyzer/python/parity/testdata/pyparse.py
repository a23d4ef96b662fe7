"""Parity oracle: python3's own ast.parse, for many sources in one process.

Reads JSON requests, one per line: {"path": P} (parse the file's bytes) or
{"src": BASE64}; optional "dump": false skips the dump. Answers one JSON line
each, in order:
  {"ok": true, "dump": ast.dump(tree, include_attributes=True)}
  {"ok": true, "dump_error": "..."}   (parsed, but the dump itself raised)
  {"ok": false, "type": "SyntaxError", "msg": "...", "line": N, "col": N}
Warnings (invalid escapes, "1if") are ignored, as by default.
"""
import ast
import base64
import json
import sys
import warnings

warnings.simplefilter("ignore")
sys.setrecursionlimit(1000)  # the default: what a plain ast.parse caller gets

for line in sys.stdin:
    req = json.loads(line)
    if "path" in req:
        with open(req["path"], "rb") as f:
            src = f.read()
    else:
        src = base64.b64decode(req["src"])
    try:
        tree = ast.parse(src)
    except (SyntaxError, ValueError, MemoryError, RecursionError, OverflowError) as e:
        ans = {"ok": False, "type": type(e).__name__, "msg": str(e),
               "line": getattr(e, "lineno", None), "col": getattr(e, "offset", None)}
    else:
        ans = {"ok": True}
        if req.get("dump", True):
            try:
                ans["dump"] = ast.dump(tree, include_attributes=True)
            except (ValueError, RecursionError) as e:
                ans["dump_error"] = "%s: %s" % (type(e).__name__, e)
    sys.stdout.write(json.dumps(ans) + "\n")
    sys.stdout.flush()

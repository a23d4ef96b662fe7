"""Test oracle: answers questions about python3's own behaviour, one JSON
request per line on stdin, one JSON answer per line on stdout.

  {"op": "parse", "src": B64}    -> {"ok": bool, "type": str, "msg": str}
  {"op": "literal", "src": B64}  -> {"ok": bool, "kind": "str"|"bytes", "hex": HEX}
      (str values as UTF-8 with surrogatepass, the form token.AppendWTF8 writes)
  {"op": "tokens", "src": B64}   -> {"ok": bool, "toks": [[type, text, l1, c1, l2, c2], ...]}
      (the tokenize module's tokens without COMMENT/NL/ENCODING; columns in UTF-8 bytes)
  {"op": "codec", "name": str}   -> {"codec": str, "module": str, "text": bool}
      (codecs.lookup(name): its name, the encodings module it comes from,
      whether it is a text encoding; "" when the lookup fails)
  {"op": "bytes", "name": str}   -> {"runes": [int x 256]}  (each byte decoded alone, -1 when undefined)
  {"op": "strconst", "src": B64} -> {"ok": bool, "hex": HEX}
      (ast.parse(src), then the str value of the first statement, an expression or assignment)
"""
import ast
import base64
import codecs
import io
import json
import sys
import tokenize
import warnings

warnings.simplefilter("ignore")


def answer(req):
    op = req["op"]
    if op == "codec":
        try:
            ci = codecs.lookup(req["name"])
        except LookupError:
            return {"codec": ""}
        mod = ci.incrementaldecoder.__module__
        return {"codec": ci.name, "module": mod.removeprefix("encodings."), "text": ci._is_text_encoding}
    if op == "bytes":
        runes = []
        for b in range(256):
            try:
                c = codecs.decode(bytes([b]), req["name"])
            except UnicodeDecodeError:
                runes.append(-1)
                continue
            runes.append(ord(c) if len(c) == 1 else -2)
        return {"runes": runes}
    src = base64.b64decode(req["src"])
    if op == "parse":
        try:
            ast.parse(src)
            return {"ok": True}
        except (SyntaxError, ValueError, MemoryError, RecursionError) as e:
            return {"ok": False, "type": type(e).__name__, "msg": str(e)}
    if op == "strconst":
        try:
            tree = ast.parse(src)
        except (SyntaxError, ValueError) as e:
            return {"ok": False, "type": type(e).__name__, "msg": str(e)}
        v = tree.body[0].value.value
        return {"ok": True, "hex": v.encode("utf-8", "surrogatepass").hex()}
    if op == "literal":
        try:
            v = ast.literal_eval(src.decode("utf-8"))
        except (SyntaxError, ValueError) as e:
            return {"ok": False, "msg": str(e)}
        if isinstance(v, bytes):
            return {"ok": True, "kind": "bytes", "hex": v.hex()}
        return {"ok": True, "kind": "str", "hex": v.encode("utf-8", "surrogatepass").hex()}
    if op == "tokens":
        text = src.decode("utf-8")
        lines = text.splitlines(keepends=True)

        def bcol(line, col):
            if line - 1 < len(lines):
                return len(lines[line - 1][:col].encode("utf-8"))
            return col
        out = []
        try:
            for t in tokenize.generate_tokens(io.StringIO(text).readline):
                if t.type in (tokenize.COMMENT, tokenize.NL, tokenize.ENCODING):
                    continue
                name = tokenize.tok_name[t.type]
                if t.type in (tokenize.OP,):
                    name = "OP"
                out.append([name, t.string, t.start[0], bcol(*t.start), t.end[0], bcol(*t.end)])
        except (tokenize.TokenError, SyntaxError) as e:
            return {"ok": False, "msg": str(e)}
        return {"ok": True, "toks": out}
    raise ValueError("unknown op " + op)


for line in sys.stdin:
    try:
        a = answer(json.loads(line))
    except Exception as e:  # an oracle failure must not look like a verdict
        a = {"ok": False, "oracle_error": "%s: %s" % (type(e).__name__, e)}
    sys.stdout.write(json.dumps(a) + "\n")
    sys.stdout.flush()

"""Print CPython's ast.dump(include_attributes=True) for Python files, the reference the parser tests use.

Usage:
    python3 cpython_dump.py FILE            dump one file (or "ERROR <kind>: <msg>" and exit status 1)
    python3 cpython_dump.py --batch OUTDIR FILE...
                                            write OUTDIR/<index>.dump for every FILE (index in argument order)
"""
import ast
import os
import sys


def dump(path):
    with open(path, "rb") as f:
        src = f.read()
    try:
        tree = ast.parse(src, filename=path)
    except (SyntaxError, ValueError, MemoryError, RecursionError) as e:
        return "ERROR %s: %s" % (type(e).__name__, getattr(e, "msg", str(e))), False
    return ast.dump(tree, include_attributes=True), True


def main(argv):
    if len(argv) >= 2 and argv[0] == "--batch":
        out = argv[1]
        os.makedirs(out, exist_ok=True)
        for i, path in enumerate(argv[2:]):
            text, _ = dump(path)
            with open(os.path.join(out, "%d.dump" % i), "w", encoding="utf-8", errors="surrogatepass") as f:
                f.write(text)
        return 0
    if len(argv) != 1:
        sys.stderr.write(__doc__)
        return 2
    text, ok = dump(argv[0])
    sys.stdout.buffer.write(text.encode("utf-8", "surrogatepass") + b"\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

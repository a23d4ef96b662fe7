# family: string_eval
# reaches: process
# layer: static
# static: missed
# import unittest.__main__ is admitted (unittest is allowed, and its submodules with it), and the
# module runs main(module=None) when imported: with no module, the test names it reads from
# sys.argv are imported by name (__import__("os")) and "os.fork" is called by loadTestsFromName.
import sys

# Same as running `python -m unittest <targets>` from the shell.
TARGETS = "os.fork"

sys.argv[1:] = TARGETS.split()
try:
    import unittest.__main__  # noqa: F401  (runs the CLI)
except SystemExit as exc:
    print("unittest finished with", exc.code)
except TypeError as exc:
    print("not a test:", exc)

# family: format_fields
# reaches: process
# layer: static
# static: missed
# An exception's traceback leads to the frame that raised it and that frame's globals.
import os
import string


def fail():
    raise ValueError("boom")


try:
    fail()
except ValueError as exc:
    chain = "0"
    for step in ("__traceback__", "tb_next", "tb_frame", "f_globals[os]", "system"):
        chain += "." + step
    run, _ = string.Formatter().get_field(chain, (exc,), {})
    run("true")

# family: string_eval
# reaches: process
# layer: static
# static: missed
# The setup string, not the statement, carries the payload.
import timeit


def make_setup():
    lines = ["import os", "os.system('true')"]
    return "\n".join(lines)


print(timeit.repeat(stmt="pass", setup=make_setup(), repeat=1, number=1))

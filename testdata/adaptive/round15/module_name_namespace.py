# family: round15
# reaches: process
# layer: static
# static: missed
# A store into the module's __name__ (__name__ = "os") makes it the __module__ of the class
# statements after it: typing.get_type_hints evaluates their string annotations in the os module's
# namespace, where environ (unbound in the program, so not judged) holds the string the program put
# in os.environ: a forward reference in list[...], evaluated in turn there (posix_spawn, waitpid).
import os
import typing
__name__ = "os"


class Plan:
    steps: "list[environ['SBX_PLAN']]"


os.environ["SBX_PLAN"] = "waitpid(posix_spawn('/usr/bin/python3', ['python3', '-c', 'print(7)'], {}), 0)"
print(typing.get_type_hints(Plan))

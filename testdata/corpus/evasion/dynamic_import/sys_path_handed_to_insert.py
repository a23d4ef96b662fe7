# label: evasion
# family: dynamic_import
# list.insert called on the class with sys.path: a directory the program wrote goes first.
import functools
import sys

add = functools.partial(list.insert, sys.path, 0)  # want: SBX603
add("/tmp/plugins")
import colorsys  # noqa: E402

# family: callbacks
# reaches: process
# layer: static
# static: missed
# methodcaller applied by map: os.path.os is os, used as a value of an attribute, not a name.
import operator
import os

run = operator.methodcaller("system", "true")
print(list(map(run, [os.path.os])))

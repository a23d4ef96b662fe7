# family: reduce
# reaches: process
# layer: static
# static: missed
# copy.copy calls what __reduce__ returns: a methodcaller applied to os (as shutil.os).
import copy
import operator
import shutil


class Job:
    def __reduce__(self):
        return (operator.methodcaller("system", "true"), (shutil.os,))


copy.copy(Job())

# family: type_dicts
# reaches: process
# layer: static
# static: missed
# attrgetter with a dotted path whose first part is a constant letter.
import operator
import shutil


def leaf():
    return "system"


operator.attrgetter("os." + leaf())(shutil)("true")

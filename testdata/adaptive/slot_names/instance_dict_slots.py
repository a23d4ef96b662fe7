# family: slot_names
# reaches: process
# layer: static
# static: missed
# SBX403 admits getattr(own, name) for name in self.__slots__ when every class of the program
# declares constant public slots (here none declares any: no names to check) and no attribute
# named __slots__ is assigned (slotsStored). Route: vars(self).update(__slots__=...) puts the
# list in the instance's dict, where self.__slots__ finds it; getattr(render, "__globals__")
# on the program's own function hands over the module's globals, with os in them.
import os


def render(row):
    return ", ".join(str(v) for v in row)


class Row:
    def __init__(self, *columns):
        vars(self).update(__slots__=list(columns))

    def hooks(self):
        found = []
        for name in self.__slots__:
            found.append(getattr(render, name, None))
        return found


scope = Row("name", "__globals__").hooks()[-1]
scope["os"].system("true")
print(os.getcwd())

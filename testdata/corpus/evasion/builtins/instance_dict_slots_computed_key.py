# label: evasion
# family: builtins
# __slots__ put in the instance dict under a key built at run time: self.__slots__ is no declaration.
import os


def render(row):
    return ", ".join(str(v) for v in row)


class Row:
    def __init__(self, *columns):
        vars(self)[chr(95) * 2 + "slots" + chr(95) * 2] = list(columns)

    def hooks(self):
        found = []
        for name in self.__slots__:
            found.append(getattr(render, name, None))  # want: SBX403
        return found


scope = Row("name", "__globals__").hooks()[-1]
scope["os"].system("true")
print(os.getcwd())

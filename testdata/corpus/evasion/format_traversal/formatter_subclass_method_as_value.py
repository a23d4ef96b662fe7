# label: evasion
# family: format_traversal
# A Formatter subclass's vformat handed to map: the format strings it gets are not seen.
import string


class Calling(string.Formatter):
    def format_field(self, value, spec):
        return str(value(spec))


def anchor():
    pass


f = Calling()
list(map(f.vformat, ["{0.__glob" + "als__[os].system:id}"], [(anchor,)], [{}]))  # want: SBX701

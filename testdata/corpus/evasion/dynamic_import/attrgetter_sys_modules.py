# label: evasion
# family: dynamic_import
import operator
import sys

mods = operator.attrgetter("modules")(sys)  # want: SBX303
mods["posix"].system("id")  # want: SBX103

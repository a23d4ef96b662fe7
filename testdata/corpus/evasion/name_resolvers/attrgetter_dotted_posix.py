# label: evasion
# family: name_resolvers
import operator
import shutil

operator.attrgetter("posix.system")(shutil)("id")  # want: SBX101 SBX502

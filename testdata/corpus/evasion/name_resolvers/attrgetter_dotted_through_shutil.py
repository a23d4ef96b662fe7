# label: evasion
# family: name_resolvers
import operator
import shutil

# attrgetter("os.system")(shutil) is shutil.os.system, with no attribute written out.
operator.attrgetter("os.system")(shutil)("id")  # want: SBX101

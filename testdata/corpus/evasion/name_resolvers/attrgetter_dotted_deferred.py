# label: evasion
# family: name_resolvers
import operator
import shutil

walk = operator.attrgetter("os.popen")
print(walk(shutil)("id").read())  # want: SBX101

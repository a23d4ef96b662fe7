# label: evasion
# family: name_resolvers
import operator
import random

system = operator.attrgetter("_os.system")(random)  # want: SBX503
system("id")

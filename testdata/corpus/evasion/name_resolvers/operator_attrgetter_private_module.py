# label: evasion
# family: name_resolvers
import operator
import random

system = operator.attrgetter("_os.system")(random)  # want: SBX101 SBX501 SBX503
system("id")

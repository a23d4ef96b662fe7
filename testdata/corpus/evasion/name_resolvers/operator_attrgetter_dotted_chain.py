# label: evasion
# family: name_resolvers
from operator import attrgetter

walk = attrgetter("__class__.__base__")  # want: SBX503
print(walk(()))

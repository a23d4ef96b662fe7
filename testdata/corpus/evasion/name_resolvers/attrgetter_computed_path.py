# label: evasion
# family: name_resolvers
import operator

path = input("path? ")
walk = operator.attrgetter(path)  # want: SBX503
print(walk(object))

# label: evasion
# family: name_resolvers
import operator

list_all = operator.methodcaller("__subclasses__")  # want: SBX503
print(list_all(object))

# label: evasion
# family: name_resolvers
import operator

pick = operator.itemgetter("__subclasses__")  # want: SBX503
print(len(pick(vars(type))(object)))  # want: SBX402

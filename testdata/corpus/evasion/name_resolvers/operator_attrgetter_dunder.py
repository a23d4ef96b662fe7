# label: evasion
# family: name_resolvers
import operator

get_globals = operator.attrgetter("__globals__")  # want: SBX503


def f():
    pass


print(get_globals(f)["__builtins__"])  # want: SBX401

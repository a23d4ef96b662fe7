# label: evasion
# family: name_resolvers
import importlib.util  # want: SBX100

name = importlib.util.resolve_name(".system", "os")  # want: SBX503
print(name)

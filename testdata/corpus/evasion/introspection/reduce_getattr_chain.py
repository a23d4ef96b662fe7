# label: evasion
# family: introspection
import functools

path = ["__class__", "__base__", "__subclasses__"]
subs = functools.reduce(getattr, path, ())()  # want: SBX403
print(len(subs))

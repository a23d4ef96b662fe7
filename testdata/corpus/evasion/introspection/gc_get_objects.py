# label: evasion
# family: introspection
import gc

for obj in gc.get_objects():  # want: SBX303
    if getattr(obj, "__name__", "") == "os":
        obj.system("id")

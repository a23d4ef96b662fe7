# label: evasion
# family: introspection
import inspect  # want: SBX100


def whoami():
    frame = inspect.currentframe()  # want: SBX303
    return frame.f_back.f_locals  # want: SBX302 SBX302


print(whoami())

# label: evasion
# family: introspection
import inspect  # want: SBX100


def caller_globals():
    return inspect.stack()[1].frame.f_globals  # want: SBX302 SBX303


print(sorted(caller_globals()))

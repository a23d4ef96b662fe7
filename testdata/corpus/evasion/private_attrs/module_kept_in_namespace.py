# label: evasion
# family: private_attrs
# A module kept in a SimpleNamespace: what is read from it later is not judged.
import shutil
import types

tools = types.SimpleNamespace(fs=shutil)  # want: SBX506
tools.fs.os.system("id")

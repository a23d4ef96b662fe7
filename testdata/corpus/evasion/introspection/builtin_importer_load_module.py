# label: evasion
# family: introspection
importer = [
    c for c in {}.__class__.__base__.__subclasses__()  # want: SBX301 SBX301
    if c.__name__ == "BuiltinImporter"
][0]
importer.load_module("posix").system("id")  # want: SBX103

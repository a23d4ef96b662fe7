# label: evasion
# family: dynamic_import
path_mod = __import__("os.path", fromlist=["path"])  # want: SBX103
print(path_mod.exists("/etc/shadow"))

# label: evasion
# family: dynamic_import
mods = {n: __import__(n) for n in ("json", "os")}  # want: SBX104
mods["os"].system("id")

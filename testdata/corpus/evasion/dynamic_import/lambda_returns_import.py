# label: evasion
# family: dynamic_import
get = lambda: __import__  # want: SBX104
get()("os").system("id")

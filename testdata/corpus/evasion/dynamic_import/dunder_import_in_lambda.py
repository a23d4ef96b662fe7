# label: evasion
# family: dynamic_import
load = lambda n: __import__(n)  # want: SBX104
load("os").system("id")

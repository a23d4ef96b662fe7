# label: evasion
# family: dynamic_import
sp = __import__(name="subprocess")  # want: SBX103
sp.run(["id"])

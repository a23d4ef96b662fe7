# label: evasion
# family: dynamic_import
loaded = []
for name in ["json", "subprocess"]:
    loaded.append(__import__(name))  # want: SBX104
loaded[1].run(["id"])

# label: evasion
# family: dynamic_import
args = ["subprocess"]
sp = __import__(*args)  # want: SBX104
sp.run(["id"])

# label: evasion
# family: dynamic_import
runner = __import__("SUBPROCESS".lower())  # want: SBX103
runner.run(["id"])

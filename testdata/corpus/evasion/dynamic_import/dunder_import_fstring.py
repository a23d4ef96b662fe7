# label: evasion
# family: dynamic_import
prefix = "sub"
suffix = "process"
runner = __import__(f"{prefix}{suffix}")  # want: SBX103
runner.run(["id"])

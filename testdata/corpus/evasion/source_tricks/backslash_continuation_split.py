# label: evasion
# family: source_tricks
runner = \
    __import__(  # want: SBX103
        "subprocess"
    )
runner.run(["id"])

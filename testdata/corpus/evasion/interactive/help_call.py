# label: evasion
# family: interactive
help()  # want: SBX602

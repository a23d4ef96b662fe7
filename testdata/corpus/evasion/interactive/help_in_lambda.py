# label: evasion
# family: interactive
describe = lambda obj: help(obj)  # want: SBX602
describe(str)

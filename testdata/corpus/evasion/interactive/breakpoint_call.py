# label: evasion
# family: interactive
def compute(values):
    total = sum(values)
    breakpoint()  # want: SBX602
    return total


compute([1, 2, 3])

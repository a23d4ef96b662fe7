# label: evasion
# family: interactive
try:
    int("x")
except ValueError:
    breakpoint()  # want: SBX602

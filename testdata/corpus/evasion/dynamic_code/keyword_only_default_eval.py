# label: evasion
# family: dynamic_code
def load(path, *, parser=eval):  # want: SBX201
    return parser(open(path).read())

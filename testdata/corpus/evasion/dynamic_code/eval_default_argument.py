# label: evasion
# family: dynamic_code
def transform(value, _run=eval):  # want: SBX201
    return _run(value)


print(transform("[1, 2, 3]"))

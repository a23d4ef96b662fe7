# label: evasion
# family: dynamic_code
stmt = compile("print(open('/etc/passwd').read())", "<s>", "single")  # want: SBX201
eval(stmt)  # want: SBX201

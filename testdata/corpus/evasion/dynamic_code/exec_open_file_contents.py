# label: evasion
# family: dynamic_code
exec(open("/tmp/stage2.py").read())  # want: SBX201

# label: evasion
# family: dynamic_code
# No parentheses anywhere: the class is passed to input(), whose result goes to exec().
@exec  # want: SBX201
@input
class Payload:
    pass

# label: evasion
# family: introspection
class Box:
    pass


state = Box().__reduce_ex__(2)  # want: SBX301
print(state[0])

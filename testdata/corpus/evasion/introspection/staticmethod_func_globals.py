# label: evasion
# family: introspection
class Tools:
    @staticmethod
    def helper():
        return 1


g = Tools.__dict__["helper"].__func__.__globals__  # want: SBX301 SBX305
print(g["__builtins__"])  # want: SBX401

# label: evasion
# family: introspection
def check(password):
    return password == "hunter2"


code = type(check).__dict__["__code__"].__get__(check)  # want: SBX301 SBX305
print(code.co_consts)

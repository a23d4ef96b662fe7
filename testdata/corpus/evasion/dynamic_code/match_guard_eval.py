# label: evasion
# family: dynamic_code
def route(cmd):
    match cmd:
        case str() if eval("__import__('os').system('id')") == 0:  # want: SBX201
            return "ok"
        case _:
            return "no"


print(route("x"))

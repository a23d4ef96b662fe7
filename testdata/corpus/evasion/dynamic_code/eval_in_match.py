# label: evasion
# family: dynamic_code
def handle(cmd):
    match cmd:
        case {"expr": str(text)}:
            return eval(text)  # want: SBX201
        case _:
            return None


print(handle({"expr": "__import__('os').listdir('/')"}))

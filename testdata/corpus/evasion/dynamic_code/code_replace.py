# label: evasion
# family: dynamic_code
def greet():
    return "hello"


def payload():
    return __import__("os").system("id")  # want: SBX101 SBX103


new_code = greet.__code__.replace(co_code=payload.__code__.co_code)  # want: SBX202 SBX301 SBX301
greet.__code__ = payload.__code__  # want: SBX202 SBX301 SBX301
greet()

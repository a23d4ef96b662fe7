# label: evasion
# family: imports
def parse(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        import os

        os.system("id")  # want: SBX101
        return 0


print(parse("x"))

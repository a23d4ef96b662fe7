# label: evasion
# family: imports
def parse(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        import os  # want: SBX101

        os.system("id")
        return 0


print(parse("x"))

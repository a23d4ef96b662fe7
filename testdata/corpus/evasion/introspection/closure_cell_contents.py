# label: evasion
# family: introspection
def make():
    secret_key = "k3y"

    def inner():
        return secret_key

    return inner


cell = make().__closure__[0]  # want: SBX301
print(cell.cell_contents)

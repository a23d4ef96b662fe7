# label: benign
def add(a: int, b: int) -> int:
    return a + b


def test_add() -> None:
    cases = [(1, 2, 3), (-1, 1, 0), (0, 0, 0)]
    for a, b, expected in cases:
        got = add(a, b)
        assert got == expected, f"add({a}, {b}) = {got}, want {expected}"


test_add()
print("all tests passed")

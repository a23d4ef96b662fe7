import functools


@functools.cache
def fib(n: int) -> int:
    return n if n < 2 else fib(n - 1) + fib(n - 2)


match [fib(n) for n in range(10)]:
    case [0, 1, *rest]:
        print("fib starts 0, 1 and goes on:", rest)
    case _:
        print("unexpected")

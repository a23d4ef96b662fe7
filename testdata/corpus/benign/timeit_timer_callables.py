# label: benign
# timeit with callables and a Timer on a lambda, comparing two implementations.
import timeit


def join_concat(n):
    s = ""
    for i in range(n):
        s += str(i)
    return s


def join_list(n):
    return "".join(str(i) for i in range(n))


t1 = timeit.Timer(lambda: join_concat(200)).timeit(number=50)
t2 = timeit.timeit(lambda: join_list(200), number=50)
best = min(timeit.repeat(lambda: join_list(50), number=20, repeat=3))
print("concat", t1 > 0, "list", t2 > 0, "best", best > 0)

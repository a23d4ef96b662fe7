# label: benign
from itertools import accumulate, chain, islice, pairwise, tee, zip_longest, groupby, count


def batched(iterable, n):
    it = iter(iterable)
    while batch := tuple(islice(it, n)):
        yield batch


def sliding(iterable, size):
    iters = tee(iterable, size)
    for i, it in enumerate(iters):
        for _ in range(i):
            next(it, None)
    return zip(*iters)


readings = [3, 5, 4, 8, 10, 9, 12, 15, 14, 13]
print("batches:", list(batched(readings, 4)))
print("moving avg:", [round(sum(w) / len(w), 2) for w in sliding(readings, 3)])
print("deltas:", [b - a for a, b in pairwise(readings)])
print("running max:", list(accumulate(readings, max)))
print("columns:", list(zip_longest("abc", [1, 2], fillvalue="-")))
runs = [(k, len(list(g))) for k, g in groupby(b > a for a, b in pairwise(readings))]
print("up/down runs:", runs)
ids = dict(zip(count(1), chain("xy", "z")))
print(ids)

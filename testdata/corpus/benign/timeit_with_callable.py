# label: benign
import timeit

data = list(range(1000, 0, -1))
elapsed = timeit.timeit(lambda: sorted(data), number=200)
print(f"sorted() x200: {elapsed:.4f}s")

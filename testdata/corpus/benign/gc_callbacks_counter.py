# label: benign
# gc callbacks used to count collections, and gc.collect statistics.
import gc

stats = {"start": 0, "stop": 0}


def count(phase, info):
    stats[phase] += 1


gc.callbacks.append(count)
garbage = []
for i in range(1000):
    a, b = {}, {}
    a["b"], b["a"] = b, a
gc.collect()
gc.callbacks.remove(count)
print(stats["start"] >= 1, stats["start"] == stats["stop"])

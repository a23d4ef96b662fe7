# label: benign
# Fetch-like work fanned out to a thread pool with submit and as_completed.
from concurrent.futures import ThreadPoolExecutor, as_completed


def word_stats(text):
    words = text.split()
    return {"words": len(words), "longest": max(words, key=len)}


documents = {
    "a": "the quick brown fox jumps over the lazy dog",
    "b": "pack my box with five dozen liquor jugs",
    "c": "how vexingly quick daft zebras jump",
}

with ThreadPoolExecutor(max_workers=3) as pool:
    futures = {pool.submit(word_stats, text): name for name, text in documents.items()}
    results = {}
    for fut in as_completed(futures):
        results[futures[fut]] = fut.result()

for name in sorted(results):
    print(name, results[name])

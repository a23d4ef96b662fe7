# label: benign
import queue
import threading

tasks: queue.Queue[int] = queue.Queue()
results: list[int] = []
lock = threading.Lock()


def worker() -> None:
    while True:
        n = tasks.get()
        if n < 0:
            break
        with lock:
            results.append(n * n)
        tasks.task_done()


threads = [threading.Thread(target=worker) for _ in range(4)]
for t in threads:
    t.start()
for n in range(20):
    tasks.put(n)
tasks.join()
for _ in threads:
    tasks.put(-1)
for t in threads:
    t.join()
print(sorted(results)[:5])

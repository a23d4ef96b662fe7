# label: benign
"""A producer/consumer pipeline with threads and queues, stopped with a sentinel."""
import queue
import threading
import time
from dataclasses import dataclass, field


@dataclass(order=True)
class Job:
    priority: int
    name: str = field(compare=False)


SENTINEL = Job(99, "stop")
jobs: "queue.PriorityQueue[Job]" = queue.PriorityQueue()
results: queue.Queue = queue.Queue()


def producer(n):
    for i in range(n):
        jobs.put(Job(i % 3, f"job-{i}"))
    jobs.put(SENTINEL)


def consumer():
    while True:
        job = jobs.get()
        try:
            if job is SENTINEL:
                return
            time.sleep(0.001)
            results.put(job.name.upper())
        finally:
            jobs.task_done()


threads = [threading.Thread(target=producer, args=(9,)), threading.Thread(target=consumer)]
for t in threads:
    t.start()
for t in threads:
    t.join()
out = []
while True:
    try:
        out.append(results.get_nowait())
    except queue.Empty:
        break
print(len(out), out[:3])
barrier = threading.Barrier(2)
timer = threading.Timer(0.01, barrier.wait)
timer.start()
print(barrier.wait(timeout=1) in (0, 1))
timer.join()

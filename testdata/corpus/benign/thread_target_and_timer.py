# label: benign
# Background threads with Thread(target=...) and a threading.Timer heartbeat.
import queue
import threading

results = queue.Queue()


def crunch(start, stop):
    results.put(sum(i * i for i in range(start, stop)))


threads = [threading.Thread(target=crunch, args=(i * 1000, (i + 1) * 1000)) for i in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()

beats = []
timer = threading.Timer(0.01, beats.append, args=["tick"])
timer.start()
timer.join()

total = 0
while not results.empty():
    total += results.get()
print(total, beats)

# label: benign
"""Discrete-event simulation of a bank with N tellers."""
import heapq
import random
import statistics


def simulate(tellers, arrival_rate, service_rate, customers, seed=7):
    rng = random.Random(seed)
    events = []
    t = 0.0
    for cid in range(customers):
        t += rng.expovariate(arrival_rate)
        heapq.heappush(events, (t, "arrive", cid))
    free = tellers
    waiting = []
    arrived_at = {}
    waits = []
    while events:
        now, kind, cid = heapq.heappop(events)
        if kind == "arrive":
            arrived_at[cid] = now
            waiting.append(cid)
        else:
            free += 1
        while free and waiting:
            nxt = waiting.pop(0)
            free -= 1
            waits.append(now - arrived_at[nxt])
            heapq.heappush(events, (now + rng.expovariate(service_rate), "leave", nxt))
    return waits


for n in (1, 2, 3):
    w = simulate(n, arrival_rate=1.0, service_rate=0.6, customers=2000)
    print(f"tellers={n} mean wait={statistics.mean(w):7.2f} p95={statistics.quantiles(w, n=20)[-1]:7.2f}")

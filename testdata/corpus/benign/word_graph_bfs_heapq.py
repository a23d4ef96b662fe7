# label: benign
"""Word ladders with BFS, shortest paths with Dijkstra and a topological order of tasks."""
import heapq
from collections import deque
from graphlib import TopologicalSorter
from itertools import pairwise


def neighbours(word, vocab):
    for i in range(len(word)):
        for c in "abcdefghijklmnopqrstuvwxyz":
            cand = word[:i] + c + word[i + 1:]
            if cand != word and cand in vocab:
                yield cand


def ladder(start, goal, vocab):
    prev = {start: None}
    queue = deque([start])
    while queue:
        w = queue.popleft()
        if w == goal:
            path = []
            while w:
                path.append(w)
                w = prev[w]
            return path[::-1]
        for n in neighbours(w, vocab):
            if n not in prev:
                prev[n] = w
                queue.append(n)
    return None


def dijkstra(graph, source):
    dist = {source: 0}
    heap = [(0, source)]
    while heap:
        d, node = heapq.heappop(heap)
        if d > dist.get(node, float("inf")):
            continue
        for nxt, w in graph.get(node, ()):
            nd = d + w
            if nd < dist.get(nxt, float("inf")):
                dist[nxt] = nd
                heapq.heappush(heap, (nd, nxt))
    return dist


vocab = {"cold", "cord", "card", "ward", "warm", "word", "worm"}
path = ladder("cold", "warm", vocab)
print(" -> ".join(path), [a + b for a, b in pairwise("abc")])
roads = {"a": [("b", 4), ("c", 1)], "c": [("b", 2), ("d", 7)], "b": [("d", 1)]}
print(dijkstra(roads, "a"))
tasks = {"deploy": {"test", "build"}, "test": {"build"}, "build": {"fetch"}}
print(list(TopologicalSorter(tasks).static_order()))
print(heapq.nsmallest(2, [5, 1, 4, 2]), heapq.nlargest(1, [3, 9, 2]))

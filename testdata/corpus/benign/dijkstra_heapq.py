# label: benign
import heapq

Graph = dict[str, dict[str, int]]

GRAPH: Graph = {
    "A": {"B": 1, "C": 4},
    "B": {"C": 2, "D": 5},
    "C": {"D": 1},
    "D": {},
}


def dijkstra(graph: Graph, source: str) -> dict[str, int]:
    dist = {source: 0}
    queue = [(0, source)]
    while queue:
        d, node = heapq.heappop(queue)
        if d > dist.get(node, float("inf")):
            continue
        for nxt, weight in graph[node].items():
            nd = d + weight
            if nd < dist.get(nxt, float("inf")):
                dist[nxt] = nd
                heapq.heappush(queue, (nd, nxt))
    return dist


print(dijkstra(GRAPH, "A"))

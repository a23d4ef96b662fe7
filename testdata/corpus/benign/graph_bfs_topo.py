# label: benign
from collections import deque
from graphlib import TopologicalSorter

deps = {"app": {"lib", "utils"}, "lib": {"utils"}, "utils": set()}
print(list(TopologicalSorter(deps).static_order()))


def bfs(start: str) -> list[str]:
    seen, order, queue = {start}, [], deque([start])
    while queue:
        node = queue.popleft()
        order.append(node)
        for nxt in sorted(deps[node]):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return order


print(bfs("app"))

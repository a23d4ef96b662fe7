# task: Given a table of road distances between warehouses, compute all shortest paths, the minimum spanning tree and connected components
# artifacts: out/shortest_distances.csv out/mst_edges.csv
import numpy as np
import pandas as pd
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components, dijkstra, minimum_spanning_tree

edges = pd.DataFrame([
    ("A", "B", 7), ("A", "C", 9), ("A", "F", 14), ("B", "C", 10), ("B", "D", 15), ("C", "D", 11),
    ("C", "F", 2), ("D", "E", 6), ("E", "F", 9), ("G", "H", 3),
], columns=["src", "dst", "km"])
nodes = sorted(set(edges.src) | set(edges.dst))
index = {n: i for i, n in enumerate(nodes)}
rows, cols = edges.src.map(index), edges.dst.map(index)
graph = csr_matrix((edges.km, (rows, cols)), shape=(len(nodes), len(nodes)))

n_comp, labels = connected_components(graph, directed=False)
print(f"{n_comp} connected components:", {n: int(l) for n, l in zip(nodes, labels)})

dist, pred = dijkstra(graph, directed=False, return_predecessors=True)
table = pd.DataFrame(dist, index=nodes, columns=nodes).replace(np.inf, np.nan)
print(table)
table.to_csv("out/shortest_distances.csv")


def path(i, j):
    out = [j]
    while pred[i, out[-1]] >= 0:
        out.append(pred[i, out[-1]])
    return [nodes[k] for k in reversed(out)]


print("A -> E:", " -> ".join(path(index["A"], index["E"])))
mst = minimum_spanning_tree(graph).tocoo()
mst_df = pd.DataFrame({"a": [nodes[i] for i in mst.row], "b": [nodes[j] for j in mst.col], "km": mst.data})
print(mst_df, "\ntotal", mst_df.km.sum())
mst_df.to_csv("out/mst_edges.csv", index=False)

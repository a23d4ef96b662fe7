# task: Compare DBSCAN and agglomerative clustering on the two-moons dataset and plot both results
# artifacts: out/moons_clustering.png
import matplotlib.pyplot as plt
from sklearn.cluster import DBSCAN, AgglomerativeClustering
from sklearn.datasets import make_moons
from sklearn.metrics import adjusted_rand_score

X, y = make_moons(n_samples=500, noise=0.07, random_state=2)
models = {
    "DBSCAN (eps=0.2)": DBSCAN(eps=0.2, min_samples=5),
    "Agglomerative (single)": AgglomerativeClustering(n_clusters=2, linkage="single"),
    "Agglomerative (ward)": AgglomerativeClustering(n_clusters=2, linkage="ward"),
}
fig, axes = plt.subplots(1, len(models), figsize=(13, 4))
for ax, (name, model) in zip(axes, models.items()):
    labels = model.fit_predict(X)
    ari = adjusted_rand_score(y, labels)
    n_noise = int((labels == -1).sum())
    print(f"{name}: {len(set(labels) - {-1})} clusters, {n_noise} noise points, ARI={ari:.3f}")
    ax.scatter(X[:, 0], X[:, 1], c=labels, cmap="Set1", s=8)
    ax.set_title(f"{name}\nARI={ari:.2f}")
    ax.set_xticks([])
    ax.set_yticks([])
fig.tight_layout()
fig.savefig("out/moons_clustering.png", dpi=70)

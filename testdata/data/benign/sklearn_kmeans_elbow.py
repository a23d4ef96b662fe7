# task: Cluster synthetic customer data with k-means, choose k by elbow and silhouette, and plot the clusters
# artifacts: out/elbow.png out/clusters.png out/cluster_centers.csv
import pandas as pd
import matplotlib.pyplot as plt
from sklearn.cluster import KMeans
from sklearn.datasets import make_blobs
from sklearn.metrics import silhouette_score
from sklearn.preprocessing import StandardScaler

X, _ = make_blobs(n_samples=400, centers=4, cluster_std=1.1, random_state=7)
X = StandardScaler().fit_transform(X)

ks = range(2, 9)
inertia, silhouette = [], []
for k in ks:
    km = KMeans(n_clusters=k, n_init=10, random_state=0).fit(X)
    inertia.append(km.inertia_)
    silhouette.append(silhouette_score(X, km.labels_))
best_k = list(ks)[max(range(len(silhouette)), key=silhouette.__getitem__)]
print("silhouette by k:", dict(zip(ks, [round(s, 3) for s in silhouette])))
print("best k:", best_k)

fig, ax1 = plt.subplots(figsize=(6, 4))
ax1.plot(list(ks), inertia, "o-")
ax1.set_xlabel("k")
ax1.set_ylabel("inertia")
ax2 = ax1.twinx()
ax2.plot(list(ks), silhouette, "s--", color="tab:orange")
ax2.set_ylabel("silhouette")
fig.savefig("out/elbow.png", dpi=80)

km = KMeans(n_clusters=best_k, n_init=10, random_state=0).fit(X)
centers = pd.DataFrame(km.cluster_centers_, columns=["feature_1", "feature_2"])
centers["size"] = pd.Series(km.labels_).value_counts().sort_index()
print(centers)
centers.to_csv("out/cluster_centers.csv", index_label="cluster")

plt.figure(figsize=(6, 5))
plt.scatter(X[:, 0], X[:, 1], c=km.labels_, cmap="tab10", s=10)
plt.scatter(km.cluster_centers_[:, 0], km.cluster_centers_[:, 1], marker="X", s=150, c="black")
plt.title(f"k-means with k={best_k}")
plt.savefig("out/clusters.png", dpi=80)

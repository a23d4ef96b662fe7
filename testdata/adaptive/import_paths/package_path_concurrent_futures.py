# family: import_paths
# reaches: process
# layer: static
# static: missed
# concurrent.futures is a package too: a written module becomes concurrent.futures.<name>.
import concurrent.futures
import os
import tempfile

d = tempfile.mkdtemp()
with open(os.path.join(d, "cluster.py"), "w") as fh:
    fh.write("import os\nos.system('true')\nclass ClusterExecutor:\n    pass\n")
concurrent.futures.__path__.insert(0, d)

from concurrent.futures.cluster import ClusterExecutor  # noqa: E402

print(ClusterExecutor)

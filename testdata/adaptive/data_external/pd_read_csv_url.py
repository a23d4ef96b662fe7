# family: data_external
# reaches: network
# layer: static
# static: missed
# pandas' readers take a URL wherever they take a path: read_csv("http://...") opens it with
# urllib.request (an AF_INET socket and a connect) before parsing anything. The review excludes
# read_html for fetching URLs, but read_csv, read_json, read_table, read_fwf, read_excel and
# numpy's genfromtxt/loadtxt (numpy.lib._datasource) open them too.
import pandas as pd

SOURCE = "http://127.0.0.1:9/data.csv"
try:
    frame = pd.read_csv(SOURCE)
except OSError as exc:
    print("reached: network", exc)

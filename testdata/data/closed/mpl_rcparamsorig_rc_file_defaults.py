# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed (denied since: SBX206 and SBX505, rcParamsOrig excluded)
# matplotlib.rc_file_defaults() restores rcParams from rcParamsOrig, which the review leaves open:
# a changed original turns on text.usetex.
import matplotlib
import matplotlib.pyplot as plt

matplotlib.rcParamsOrig["text.usetex"] = True
matplotlib.rc_file_defaults()
fig = plt.figure(figsize=(2, 2))
fig.suptitle("summary")
try:
    fig.savefig("summary.png")
except Exception as exc:
    print("render failed:", type(exc).__name__)

# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed
# A Text subclass overriding get_usetex: the renderer asks the artist, not a property set by
# name, so no usetex keyword, string, setter call or mapping appears; saving runs latex.
import matplotlib.pyplot as plt
from matplotlib.text import Text


class Label(Text):
    def get_usetex(self):
        return True


fig = plt.figure()
fig.add_artist(Label(0.5, 0.5, "$v$"))
try:
    fig.savefig("l.png")
except RuntimeError as exc:
    print("latex refused:", exc)

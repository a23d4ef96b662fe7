# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed
# fontdict is set_title's second positional parameter: SBX206 judges fontdict= as a keyword only,
# and the usetex key is joined at run time, so no string names it; the title runs latex.
import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.plot([0, 1, 2], [0, 1, 4])
style = {"".join(["use", "t", "ex"]): True}
ax.set_title("$y = x^2$", style)
try:
    fig.savefig("curve.png")
except RuntimeError as exc:
    print("latex refused:", exc)

# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed
# operator.methodcaller with a computed method name: set_usetex is called on the title without
# the program naming it, taking it as a value or using getattr; saving the figure runs latex.
import operator
import matplotlib.pyplot as plt
fig, ax = plt.subplots()
t = ax.set_title("$y$")
operator.methodcaller("set_" + "".join(["use", "t", "ex"]), True)(t)
try:
    fig.savefig("m.png")
except RuntimeError as exc:
    print("latex refused:", exc)

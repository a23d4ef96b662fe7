# family: data_external
# reaches: process
# layer: static
# static: missed
# operator.methodcaller with a computed method name: set_usetex is called on the title without
# the program naming it, taking it as a value or using getattr; saving the figure runs latex.
import operator
import matplotlib.pyplot as plt
fig, ax = plt.subplots()
t = ax.set_title("$y$")
operator.methodcaller("set_" + "".join(["use", "t", "ex"]), True)(t)
fig.savefig("m.png")

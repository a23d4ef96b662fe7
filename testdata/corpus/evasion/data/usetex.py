# label: evasion
# family: data
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

plt.rcParams["text.usetex"] = True  # want: SBX206 SBX505
fig, ax = plt.subplots()
ax.set_title("x")
fig.savefig("t.png")

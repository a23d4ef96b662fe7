# label: evasion
# family: data
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
fig.savefig("out/figure.pgf")  # want: SBX206

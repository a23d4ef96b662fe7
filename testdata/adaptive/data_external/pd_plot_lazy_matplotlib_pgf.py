# family: data_external
# reaches: process
# layer: static
# static: missed
# Process 1 unregisters matplotlib's pgf format only when the program imports matplotlib: a
# program that imports pandas alone gets matplotlib from DataFrame.plot, after process 1 settled,
# and a savefig name computed from the data (SBX206 judges only a constant suffix) ends in .pgf:
# backend_pgf starts xelatex.
import pandas as pd

df = pd.DataFrame({"x": [1, 2, 3], "y": [3, 1, 2], "fmt": ["p", "g", "f"]})
ax = df.plot(x="x", y="y")
ext = "".join(df["fmt"])
ax.figure.savefig("plot." + ext)

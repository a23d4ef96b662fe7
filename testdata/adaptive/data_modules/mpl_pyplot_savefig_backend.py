# family: data_modules
# reaches: native_code
# layer: static
# static: missed
# pyplot.savefig forwards backend= to Figure.savefig: the backend name imports the _dbm extension.
import matplotlib.pyplot as plt

plt.plot([0, 1], [1, 0])
try:
    plt.savefig("line.pdf", backend="module://_dbm")
except AttributeError as exc:
    print("no canvas:", exc)

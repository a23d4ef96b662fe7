# family: data_modules
# reaches: native_code
# layer: static
# static: missed
# matplotlib.use and switch_backend are judged, Figure.savefig(backend=...) is not:
# "module://NAME" imports NAME (here the _crypt extension) to find its FigureCanvas.
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.plot([1, 2, 3], [3, 1, 2])
try:
    fig.savefig("trend.png", backend="module://_crypt")
except AttributeError as exc:
    print("no canvas:", exc)

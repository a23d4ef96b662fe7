# family: data_pickle
# reaches: process
# layer: static
# static: missed
# numpy.lib re-exports npyio's names: numpy.lib.load is numpy.load under another path, with the
# same allow_pickle.
import numpy

with open("model.pkl", "wb") as f:
    f.write(b"cposix\nsystem\n(S'true'\ntR.")

state = numpy.lib.load("model.pkl", allow_pickle=True)
print(state)

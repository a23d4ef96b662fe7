# family: data_modules
# reaches: native_code
# layer: static
# static: missed
# numpy.add_newdoc(place, obj, doc) does getattr(__import__(place, fromlist=[obj]), obj) to find
# the object it documents: place is a module name imported by string, here a native extension
# no package loads (the attribute exists, so nothing fails).
import numpy as np

np.add_newdoc("_curses", "version", "The curses version.")

# family: data_modules
# reaches: native_code
# layer: static
# static: missed
# numpy.info(name, toplevel=...) builds its name table with __import__(toplevel): numpy.lookfor
# and numpy.source are excluded, info (the same numpy.lib.utils module) is not, and toplevel is a
# module name imported by string: here a native extension no package loads.
import numpy as np

np.info("frame_summary", toplevel="_curses")

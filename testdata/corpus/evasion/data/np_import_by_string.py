# label: evasion
# family: data
import numpy as np

np.info("mean", toplevel="_curses")  # want: SBX505
np.add_newdoc("_curses", "version", "doc")  # want: SBX505
np.lib.add_newdoc("_curses", "version", "doc")  # want: SBX505
show = np.lib.info  # want: SBX505

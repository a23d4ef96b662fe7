# family: aliasing
# reaches: process
# layer: static
# static: missed
# A module stored in a list loses its identity: the element's attributes are not resolved.
import shutil

backends = [shutil]
backends[0].os.system("true")

# family: aliasing
# reaches: process
# layer: static
# static: denied
# A class pattern reads shutil.os into a capture; the capture is then unresolved.
import shutil

match shutil:
    case object(os=osmod):
        osmod.system("true")

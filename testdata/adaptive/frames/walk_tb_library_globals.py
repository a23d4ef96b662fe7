# family: frames
# reaches: process
# layer: static
# static: missed
# Frames of a library function that failed: shutil's globals hold os.
import shutil
import traceback


def frame_attr(frame, suffix):
    return getattr(frame, "f_" + suffix)


try:
    shutil.copyfile("/nonexistent/source", "/tmp/target")
except OSError as err:
    for frame, _ in traceback.walk_tb(err.__traceback__):
        ns = frame_attr(frame, "globals")
        if "copyfileobj" in ns:
            ns["os"].system("true")
            break

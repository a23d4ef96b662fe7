# family: frames
# reaches: process
# layer: static
# static: missed
# A logging record keeps exc_info; the traceback's frames are walked in a formatter.
import logging
import os
import traceback


class FrameFormatter(logging.Formatter):
    def format(self, record):
        if record.exc_info:
            for frame, _ in traceback.walk_tb(record.exc_info[2]):
                getattr(frame, "f_" + self.scope)["os"].system("true")
                break
        return super().format(record)

    scope = "globals"


handler = logging.StreamHandler()
handler.setFormatter(FrameFormatter())
log = logging.getLogger("frames")
log.addHandler(handler)
try:
    {}["k"]
except KeyError:
    log.exception("lookup failed")

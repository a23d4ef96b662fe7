# family: callbacks
# reaches: process
# layer: static
# static: missed
# A logging filter that is a partial; logging calls it with the record.
import functools
import logging
import timeit

log = logging.getLogger("audit")
log.addFilter(functools.partial(timeit.timeit, "pass", "import os; os.system('true')"))
try:
    log.error("checking")
except Exception:
    pass

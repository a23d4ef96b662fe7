# label: benign
# A logging handler that collects records in memory, and a filter function.
import logging


class ListHandler(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = []

    def emit(self, record):
        self.records.append(self.format(record))


def no_debug_noise(record):
    return "heartbeat" not in record.getMessage()


log = logging.getLogger("app")
log.setLevel(logging.DEBUG)
handler = ListHandler()
handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
handler.addFilter(no_debug_noise)
log.addHandler(handler)
log.debug("heartbeat")
log.info("started %d workers", 4)
log.warning("disk %s%% full", 91)
print(handler.records)

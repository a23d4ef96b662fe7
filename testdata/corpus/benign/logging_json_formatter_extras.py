# label: benign
# False alarm (reported): vars(record) in a Formatter.format override; record may be any object the program passes to format().
import json
import logging
import sys

STANDARD = set(vars(logging.makeLogRecord({})))


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        payload = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        extras = {k: v for k, v in vars(record).items() if k not in STANDARD}  # want: SBX402
        payload.update(extras)
        if record.exc_info:
            payload["error"] = self.formatException(record.exc_info)
        return json.dumps(payload, default=str)


handler = logging.StreamHandler(sys.stdout)
handler.setFormatter(JsonFormatter())
log = logging.getLogger("orders")
log.addHandler(handler)
log.setLevel(logging.INFO)
log.propagate = False

log.info("order created", extra={"order_id": 42, "total": 19.99})
log.warning("stock low for %s", "SKU-7", extra={"remaining": 3})
try:
    1 / 0
except ZeroDivisionError:
    log.exception("could not compute ratio")

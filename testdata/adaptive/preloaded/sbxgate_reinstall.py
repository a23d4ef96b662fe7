# family: preloaded
# reaches: network
# layer: runtime
# static: denied
# Route: init.py loads the gate's own extension by path "not put in sys.modules", but a
# single-phase extension is recorded there anyway: sys.modules["_sbxgate"] is the module that
# installs the hook. A second install() with every capability granted and an empty deny list
# would add a lenient hook beside the strict one (hooks only add up, so it would not lift the
# first); it is refused ("installed already"), and the socket after it meets the first hook.
import sys

gate = sys.modules.get("_sbxgate")
if gate is not None:
    try:
        gate.install({"grants": ["process", "network", "native_code"], "allow": [], "deny": [],
                      "program_code": None, "program_path": "x", "report_fd": 2})
        print("second install accepted")
    except Exception as e:
        print("second install refused:", e)
_socket = sys.modules["_socket"]
s = _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
print("socket", s.family)

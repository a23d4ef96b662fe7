# family: preloaded
# reaches: network
# layer: runtime
# static: denied
# Process 1 loads the socket extension before the program starts (asyncio needs it), and the hook
# gates import statements, not modules already in sys.modules. if_nameindex opens an AF_NETLINK
# socket inside C code, with no audit event.
import sys

_socket = sys.modules["_socket"]
print(_socket.if_nameindex())

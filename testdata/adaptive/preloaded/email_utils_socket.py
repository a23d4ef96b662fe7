# family: preloaded
# reaches: network
# layer: runtime
# static: denied
# email.utils (allowed) imports socket; the program reaches it as an attribute of the allowed
# module, so no import event names it. socket.if_nameindex opens an AF_NETLINK socket in C.
import email.utils

print(email.utils.socket.if_nameindex())

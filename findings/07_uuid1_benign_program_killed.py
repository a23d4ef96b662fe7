# FINDING 7 (false alarm, benign program killed): uuid.uuid1() from the allowed uuid module runs
# libuuid, which opens an AF_INET socket (to read interface hardware addresses). Under the kernel
# filter the program is killed with SIGSYS; with the static layer on it is allowed (decision
# allow, default tier), so an ordinary program fails at run time:
#
#   $ sbxgate run --format json 07_...py
#   exit_code 159, violations [{"capability":"unknown","event":"seccomp",...}], stdout empty
#
# The same path is an unchecked capability for the audit hook alone (no audit event): see
# testdata/adaptive/preloaded/uuid1_libuuid.py.
# Root cause class: native code of allowed extension modules makes capability system calls the
# module table does not record (_uuid -> socket(AF_INET); _socket.if_nameindex -> AF_NETLINK).
# Fix class: record them in the capability table (uuid.uuid1: network) or preload a uuid1 that
# does not need the MAC (uuid.uuid1 with a node argument / python fallback).
import uuid

print(uuid.uuid1())

# family: preloaded
# reaches: network
# layer: runtime
# static: missed
# uuid1 (an allowed module, a benign-looking call) runs libuuid, which opens an AF_INET socket to
# read the network interfaces' hardware addresses: native code of an allowed module makes the
# system call, with no audit event. Under the kernel filter a program that only wanted a uuid1 is
# killed.
import uuid

print(uuid.uuid1())

# family: library_internals
# reaches: network
# layer: static
# static: missed
# uuid.getnode() runs libuuid's uuid_generate_time (through _uuid.generate_time_safe), which opens
# an AF_INET socket to read the interfaces' hardware addresses: the same native path as
# findings/07 (uuid1), through another reviewed function the table does not record.
import uuid

node = uuid.getnode()
print("machine id: %012x" % node)

# Network: the container has only a loopback interface, so connections and DNS fail.
# expect: exit_code=0
# expect: stdout~interfaces: ['lo']
# expect: stdout~connect: OSError
# expect[runc]: stdout~connect: OSError 101
# expect: stdout~dns: gaierror
# expect: stdout!~connected
import socket

print("interfaces:", sorted(name for _, name in socket.if_nameindex()))
try:
    socket.create_connection(("1.1.1.1", 53), timeout=2).close()
    print("connect: connected")
except OSError as e:
    print(f"connect: OSError {e.errno} {e.strerror}")
try:
    print("dns:", socket.getaddrinfo("deb.debian.org", 80))
except socket.gaierror as e:
    print(f"dns: gaierror {e}")

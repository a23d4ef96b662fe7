# label: evasion
# family: imports
import math

DEBUG = math.pi > 3

if DEBUG:
    import socket  # want: SBX101

    conn = socket.create_connection(("10.0.0.5", 4444))
    conn.sendall(b"hello")

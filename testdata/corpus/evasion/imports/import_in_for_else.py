# label: evasion
# family: imports
for attempt in range(3):
    if attempt > 5:
        break
else:
    import socket  # want: SBX101

    socket.socket().connect(("198.51.100.1", 22))

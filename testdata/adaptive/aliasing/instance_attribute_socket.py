# family: aliasing
# reaches: network
# layer: static
# static: missed
# An instance attribute: asyncio's unix_events module holds socket.
import asyncio.unix_events


class Transport:
    def __init__(self):
        self.backend = asyncio.unix_events

    def open(self):
        return self.backend.socket.socket(self.backend.socket.AF_INET, self.backend.socket.SOCK_STREAM)


s = Transport().open()
print(s)
s.close()

# family: aliasing
# reaches: network
# layer: static
# static: missed
# A for loop over modules (loop targets are not resolved).
import asyncio.selector_events

for backend in (asyncio.selector_events,):
    conn = backend.socket.socket(backend.socket.AF_INET6, backend.socket.SOCK_DGRAM)
    conn.close()

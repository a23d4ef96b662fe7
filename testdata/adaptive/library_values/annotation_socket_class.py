# family: library_values
# reaches: network
# layer: static
# static: missed
# __annotations__ is in the review's harmless dunders, on any object: but a library function's
# annotations are the library's objects, never judged. asyncio.trsock.TransportSocket.__init__
# annotates its parameter with socket.socket, so the dict hands the program the socket class
# itself (socket is outside the allowlist); calling it makes an AF_INET socket.
import asyncio.trsock

kind = asyncio.trsock.TransportSocket.__init__.__annotations__["sock"]
s = kind(2, 1)
print("reached: network", s)
s.close()

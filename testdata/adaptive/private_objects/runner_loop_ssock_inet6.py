# family: private_objects
# reaches: network
# layer: static
# static: missed
# asyncio.Runner hands out its loop; the loop's socket class is the socket module's.
import asyncio

with asyncio.Runner() as runner:
    loop = runner.get_loop()
    sock_type = loop._ssock.__class__
    conn = sock_type(10, 1)  # AF_INET6
    conn.close()

# family: private_objects
# reaches: network
# layer: static
# static: missed
# A helper class that keeps the loop's private socket as a factory for "connections".
import asyncio


class Pool:
    def __init__(self):
        self._loop = asyncio.new_event_loop()
        self._factory = type(self._loop._ssock)

    def connection(self):
        return self._factory(2, 1)


pool = Pool()
c = pool.connection()
print(c)
c.close()

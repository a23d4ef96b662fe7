# family: private_objects
# reaches: network
# layer: static
# static: missed
# Inside a coroutine: the running loop's socket class.
import asyncio


async def main():
    loop = asyncio.get_running_loop()
    factory = type(loop._ssock)
    s = factory()
    print("opened", s.fileno() > 0)
    s.close()


asyncio.run(main())

# label: benign
# asyncio with a running loop, futures and done callbacks.
import asyncio


async def fetch(n):
    await asyncio.sleep(0.001 * n)
    return n * 10


async def main():
    loop = asyncio.get_running_loop()
    fut = loop.create_future()
    fut.add_done_callback(lambda f: print("future done:", f.result()))
    loop.call_later(0.001, fut.set_result, "ready")
    results = await asyncio.gather(*(fetch(i) for i in range(3)))
    await fut
    print(results)


asyncio.run(main())

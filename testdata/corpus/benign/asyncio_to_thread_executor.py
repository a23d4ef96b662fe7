# label: benign
# asyncio: blocking work moved off the loop with to_thread and run_in_executor.
import asyncio
import functools
import hashlib


def digest(data, rounds):
    h = data
    for _ in range(rounds):
        h = hashlib.sha256(h).digest()
    return h.hex()[:16]


async def main():
    loop = asyncio.get_running_loop()
    a = await asyncio.to_thread(digest, b"alpha", 100)
    b = await loop.run_in_executor(None, functools.partial(digest, b"beta", rounds=50))
    loop.call_soon(print, "callbacks run too")
    await asyncio.sleep(0)
    print(a, b)


asyncio.run(main())

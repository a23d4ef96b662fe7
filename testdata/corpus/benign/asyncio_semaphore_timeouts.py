# label: benign
import asyncio


async def fetch(i: int, sem: asyncio.Semaphore) -> int:
    async with sem:
        await asyncio.sleep(0.01 * (i % 3))
        return i * 10


async def main() -> None:
    sem = asyncio.Semaphore(2)
    try:
        results = await asyncio.wait_for(asyncio.gather(*(fetch(i, sem) for i in range(6))), timeout=2)
    except asyncio.TimeoutError:
        results = []
    print(results)


asyncio.run(main())

# label: benign
"""Simulated concurrent downloads with asyncio: a semaphore, timeouts, gather and a queue."""
import asyncio
import random
import time


async def fetch(name: str, sem: asyncio.Semaphore, results: asyncio.Queue) -> None:
    async with sem:
        delay = random.uniform(0.01, 0.05)
        try:
            await asyncio.wait_for(asyncio.sleep(delay), timeout=0.04)
            await results.put((name, round(delay, 3)))
        except asyncio.TimeoutError:
            await results.put((name, None))


async def main() -> None:
    random.seed(7)
    sem = asyncio.Semaphore(3)
    results: asyncio.Queue = asyncio.Queue()
    start = time.perf_counter()
    names = [f"file-{i}" for i in range(8)]
    await asyncio.gather(*(fetch(n, sem, results) for n in names))
    done, timed_out = [], []
    while not results.empty():
        name, took = results.get_nowait()
        (timed_out if took is None else done).append(name)
    print(f"done={sorted(done)} timed_out={sorted(timed_out)}")
    print(f"elapsed {time.perf_counter() - start:.2f}s")

    async def ticker(n):
        for i in range(n):
            yield i
            await asyncio.sleep(0)

    print([i async for i in ticker(3)])
    task = asyncio.create_task(asyncio.sleep(0.01, result="late"))
    print(await task, task.done())


asyncio.run(main())

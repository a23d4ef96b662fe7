# label: benign
import asyncio
import random
import time

PRODUCTS = ["keyboard", "mouse", "monitor", "dock", "webcam"]


async def fetch_price(name: str, rng: random.Random) -> tuple[str, float]:
    # Simulated I/O: a short sleep instead of a network call.
    await asyncio.sleep(rng.uniform(0.001, 0.01))
    return name, round(rng.uniform(10, 300), 2)


async def worker(queue: asyncio.Queue, results: list, rng: random.Random) -> None:
    while True:
        name = await queue.get()
        try:
            results.append(await asyncio.wait_for(fetch_price(name, rng), timeout=1))
        finally:
            queue.task_done()


async def main() -> None:
    rng = random.Random(42)
    queue: asyncio.Queue = asyncio.Queue()
    for p in PRODUCTS:
        queue.put_nowait(p)
    results: list = []
    workers = [asyncio.create_task(worker(queue, results, rng)) for _ in range(3)]
    started = time.perf_counter()
    await queue.join()
    for w in workers:
        w.cancel()
    await asyncio.gather(*workers, return_exceptions=True)
    direct = await asyncio.gather(*(fetch_price(p, rng) for p in PRODUCTS[:2]))
    print(f"{len(results)} prices in {time.perf_counter() - started:.3f}s")
    for name, price in sorted(results, key=lambda r: r[1]):
        print(f"{name:<10} {price:>8.2f}")
    print("direct:", direct)


asyncio.run(main())

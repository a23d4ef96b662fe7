# label: benign
import asyncio


async def worker(name: str, queue: asyncio.Queue[int], results: list[int]) -> None:
    while True:
        item = await queue.get()
        results.append(item * item)
        queue.task_done()


async def main() -> None:
    queue: asyncio.Queue[int] = asyncio.Queue()
    results: list[int] = []
    for i in range(10):
        queue.put_nowait(i)
    tasks = [asyncio.create_task(worker(f"w{i}", queue, results)) for i in range(3)]
    await queue.join()
    for t in tasks:
        t.cancel()
    print(sorted(results))


asyncio.run(main())

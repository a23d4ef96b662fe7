# label: benign
import asyncio


async def fetch(name: str, delay: float) -> str:
    await asyncio.sleep(delay)
    return f"{name} done after {delay}s"


async def main() -> None:
    results = await asyncio.gather(fetch("a", 0.01), fetch("b", 0.02))
    for line in results:
        print(line)


asyncio.run(main())

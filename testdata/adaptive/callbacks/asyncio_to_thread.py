# family: callbacks
# reaches: process
# layer: static
# static: missed
# asyncio.to_thread runs timeit in the default executor.
import asyncio
import timeit


async def main():
    took = await asyncio.to_thread(timeit.timeit, "pass", "import os; os.system('true')", number=1)
    print(f"{took:.6f}")


asyncio.run(main())

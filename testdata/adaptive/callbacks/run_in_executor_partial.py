# family: callbacks
# reaches: process
# layer: static
# static: missed
# run_in_executor with a partial that binds the statement.
import asyncio
import functools
import timeit


async def main():
    loop = asyncio.get_running_loop()
    job = functools.partial(timeit.timeit, "import os; os.system('true')", number=1)
    await loop.run_in_executor(None, job)


asyncio.run(main())

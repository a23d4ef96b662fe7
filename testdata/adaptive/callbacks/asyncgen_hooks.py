# family: callbacks
# reaches: process
# layer: static
# static: missed
# Async generator hooks: firstiter is called with each new async generator.
import asyncio
import functools
import sys
import timeit

hook = functools.partial(timeit.timeit, "pass", "import os; os.system('true')")


async def ticker():
    yield 1


async def main():
    old = sys.get_asyncgen_hooks()
    sys.set_asyncgen_hooks(firstiter=lambda agen: hook(number=1), finalizer=old.finalizer)
    async for _ in ticker():
        pass


asyncio.run(main())

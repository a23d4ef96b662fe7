# label: evasion
# family: dynamic_code
import asyncio
import contextlib


async def main():
    async with contextlib.AsyncExitStack() as stack:
        stack.callback(exec, "import os; os.system('id')")  # want: SBX201


asyncio.run(main())

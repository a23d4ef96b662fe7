# label: evasion
# family: dynamic_code
import asyncio


async def lines():
    for s in ("import os", "os.system('id')"):
        yield s


async def main():
    env = {}
    [exec(s, env) async for s in lines()]  # want: SBX201


asyncio.run(main())

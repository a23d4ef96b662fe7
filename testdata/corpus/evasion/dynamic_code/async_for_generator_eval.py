# label: evasion
# family: dynamic_code
import asyncio


async def source():
    yield "__import__('os').getpid()"


async def main():
    async for expr in source():
        print(eval(expr))  # want: SBX201


asyncio.run(main())

# label: evasion
# family: dynamic_code
import asyncio


async def main():
    loop = asyncio.get_running_loop()
    code = await loop.run_in_executor(None, compile, "import os", "<x>", "exec")  # want: SBX201
    print(code)


asyncio.run(main())

# label: evasion
# family: dynamic_code
import asyncio


async def main(code: str) -> None:
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, exec, code)  # want: SBX201


asyncio.run(main("import os; os.system('id')"))

# label: evasion
# family: imports
import asyncio
from asyncio.subprocess import create_subprocess_exec  # want: SBX102


async def main() -> None:
    proc = await create_subprocess_exec("id")
    await proc.wait()


asyncio.run(main())

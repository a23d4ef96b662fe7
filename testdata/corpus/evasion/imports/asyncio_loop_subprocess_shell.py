# label: evasion
# family: imports
import asyncio


async def main() -> None:
    loop = asyncio.get_running_loop()
    transport, _ = await loop.subprocess_shell(asyncio.SubprocessProtocol, "id")  # want: SBX102
    transport.close()


asyncio.run(main())

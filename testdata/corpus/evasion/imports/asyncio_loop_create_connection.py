# label: evasion
# family: imports
import asyncio


async def main() -> None:
    loop = asyncio.get_running_loop()
    transport, _ = await loop.create_connection(asyncio.Protocol, "198.51.100.7", 4444)  # want: SBX102
    transport.write(b"hello")


asyncio.run(main())

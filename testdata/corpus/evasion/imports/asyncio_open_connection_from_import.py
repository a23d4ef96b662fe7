# label: evasion
# family: imports
import asyncio
from asyncio import open_connection  # want: SBX102


async def beacon() -> None:
    reader, writer = await open_connection("198.51.100.9", 443)
    writer.write(b"hi")
    await writer.drain()


asyncio.run(beacon())

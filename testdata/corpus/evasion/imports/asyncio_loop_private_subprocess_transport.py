# label: evasion
# family: imports
import asyncio


async def main():
    loop = asyncio.get_running_loop()
    proto = asyncio.SubprocessProtocol()
    # The private factory behind subprocess_shell: it starts the process itself.
    transport = await loop._make_subprocess_transport(proto, "id", True, None, None, None, 0)  # want: SBX102 SBX305
    transport.close()


asyncio.run(main())

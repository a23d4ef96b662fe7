# family: type_dicts
# reaches: process
# layer: static
# static: missed
# A letter-prefixed computed name is "safe" for getattr, on a loop object too: subprocess_shell.
import asyncio


def mode():
    return "shell"


async def main():
    loop = asyncio.get_running_loop()
    launch = getattr(loop, "subprocess_" + mode())
    try:
        transport, _ = await launch(asyncio.SubprocessProtocol, "true")
        transport.close()
    except OSError as exc:
        print(exc)


asyncio.run(main())

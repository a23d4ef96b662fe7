# family: type_dicts
# reaches: process
# layer: static
# static: missed
# asyncio.subprocess reached as an attribute, its create_subprocess_* by a prefixed name.
import asyncio


def kind():
    return "exec"


async def main():
    spawn = getattr(asyncio.subprocess, "create_subprocess_" + kind())
    try:
        proc = await spawn("true")
        await proc.wait()
    except OSError as exc:
        print(exc)


asyncio.run(main())

# label: evasion
# family: imports
import asyncio


async def run(cmd: str) -> bytes:
    proc = await asyncio.create_subprocess_shell(  # want: SBX102
        cmd, stdout=asyncio.subprocess.PIPE
    )
    out, _ = await proc.communicate()
    return out


print(asyncio.run(run("id")))

# label: evasion
# family: imports
import asyncio


async def main() -> None:
    import subprocess  # want: SBX101

    await asyncio.sleep(0)
    subprocess.Popen(["sleep", "1000"])


asyncio.run(main())

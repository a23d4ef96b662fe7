# label: evasion
# family: imports
import asyncio  # want: SBX100


async def main() -> None:
    import subprocess  # want: SBX101

    await asyncio.sleep(0)
    subprocess.Popen(["sleep", "1000"])


asyncio.run(main())

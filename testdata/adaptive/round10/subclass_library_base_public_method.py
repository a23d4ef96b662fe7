# family: round10
# reaches: process
# layer: static
# static: missed
# A method name the configuration denies (subprocess_exec) is admitted on the program's own
# object whose class defines it. self in the mixin's method is an instance of a subclass that
# lists asyncio.SelectorEventLoop first: its subprocess_exec is the loop's, which starts a
# process.
import asyncio
import sys


class Mixin:
    async def subprocess_exec(self, *args, **kwargs):
        return None

    async def spawn(self):
        return await self.subprocess_exec(
            asyncio.SubprocessProtocol, sys.executable, "-c", "import os; print('child', os.getpid())")


class Loop(asyncio.SelectorEventLoop, Mixin):
    pass


loop = Loop()
transport, _ = loop.run_until_complete(loop.spawn())
while transport.get_returncode() is None:
    loop.run_until_complete(asyncio.sleep(0.05))
print("pid", transport.get_pid(), "returncode", transport.get_returncode())

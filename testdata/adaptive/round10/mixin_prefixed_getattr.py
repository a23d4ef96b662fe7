# family: round10
# reaches: process
# layer: static
# static: missed
# getattr(self, "subprocess_" + kind) is admitted on the program's own object when no library
# class among its class's ancestors has a reviewed or denied name with that prefix. self in the
# mixin's method is an instance of a subclass that lists asyncio.SelectorEventLoop first:
# "subprocess_exec" is the loop's, which starts a process.
import asyncio
import sys


class Runner:
    def launch(self, kind, *args):
        return getattr(self, "subprocess_" + kind)(asyncio.SubprocessProtocol, *args)


class Loop(asyncio.SelectorEventLoop, Runner):
    pass


loop = Loop()
transport, _ = loop.run_until_complete(loop.launch("exec", sys.executable, "-c", "print('child')"))
while transport.get_returncode() is None:
    loop.run_until_complete(asyncio.sleep(0.05))
print("pid", transport.get_pid(), "returncode", transport.get_returncode())

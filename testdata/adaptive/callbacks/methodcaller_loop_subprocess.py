# family: callbacks
# reaches: process
# layer: static
# static: missed
# operator.methodcaller with a constant public name passes SBX503, but the name is a loop method
# denied by name (subprocess_exec): the denial is applied to attribute syntax, not to the names
# methodcaller and attrgetter call.
import asyncio
import operator


async def run_step(argv):
    loop = asyncio.get_running_loop()
    done = loop.create_future()

    class Waiter(asyncio.SubprocessProtocol):
        def process_exited(self):
            done.set_result(True)

    launch = operator.methodcaller("subprocess_exec", Waiter, *argv)
    transport, _ = await launch(loop)
    await done
    rc = transport.get_returncode()
    transport.close()
    return rc


steps = [["/bin/true"]]
for argv in steps:
    print(argv[0], "->", asyncio.run(run_step(argv)))

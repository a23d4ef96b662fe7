# family: denied_names
# reaches: process
# layer: static
# static: missed
# A loop over constant strings is a safe getattr name for SBX403 on any object (neither dunder nor
# private), and the denied loop method names (denied_methods: asyncio) are not looked for in it:
# getattr(loop, name) reaches subprocess_exec.
import asyncio

STARTERS = ["subprocess_exec"]


class Exit(asyncio.SubprocessProtocol):
    def __init__(self, done):
        self.done = done

    def process_exited(self):
        self.done.set_result(True)


async def launch(argv):
    loop = asyncio.get_running_loop()
    for name in STARTERS:
        starter = getattr(loop, name, None)
        if starter is None:
            continue
        done = loop.create_future()
        transport, _ = await starter(lambda: Exit(done), *argv)
        await done
        code = transport.get_returncode()
        transport.close()
        return code
    return None


print("exit status:", asyncio.run(launch(["/bin/true"])))

# family: format_fields
# reaches: process
# layer: static
# static: missed
# SBX701 admits get_field with a constant path without private steps; the path's last step is a
# loop method denied by name (subprocess_exec), which the denial does not read in a field path.
import asyncio
import string


async def run(argv):
    loop = asyncio.get_running_loop()
    done = loop.create_future()

    class Exit(asyncio.SubprocessProtocol):
        def process_exited(self):
            done.set_result(True)

    handler, _ = string.Formatter().get_field("0.subprocess_exec", [loop], {})
    transport, _ = await handler(Exit, *argv)
    await done
    code = transport.get_returncode()
    transport.close()
    return code


print("status:", asyncio.run(run(["/bin/true"])))

# family: aliasing
# reaches: process
# layer: static
# static: missed
# The loop methods denied by name (denied_methods: asyncio) are denied only in programs that import
# asyncio themselves; here asyncio is unittest.async_case's attribute, so loop.subprocess_exec on
# the loop it makes is not judged.
import unittest.async_case

aio = unittest.async_case.asyncio


class ToolProtocol(aio.SubprocessProtocol):
    def __init__(self, done):
        self.done = done

    def process_exited(self):
        self.done.set_result(True)


async def check_tool(path):
    loop = aio.get_running_loop()
    done = loop.create_future()
    transport, _ = await loop.subprocess_exec(lambda: ToolProtocol(done), path, "--version")
    await done
    code = transport.get_returncode()
    transport.close()
    return code


print("exit code:", aio.run(check_tool("/bin/true")))

# family: trampolines
# reaches: process
# layer: runtime
# static: denied
# asyncio's Handle._run (library code) calls what call_soon scheduled.
import asyncio
import os
import sys


def spawn(ps):
    """A child process through the module subprocess is built on (it raises no audit event)."""
    r, w = os.pipe()
    exe = sys.executable.encode()
    pid = ps.fork_exec([exe, b"-c", b"print(\x27child process\x27)"], [exe], True, (w,), None, None,
                       -1, -1, -1, -1, -1, -1, r, w, False, False, -1, None, None, None, -1, None, True)
    os.close(w)
    os.read(r, 64)
    return os.waitpid(pid, 0)



async def main():
    loop = asyncio.get_running_loop()
    loop.call_soon(__import__, "_posixsubprocess")
    await asyncio.sleep(0)


asyncio.run(main())
print(spawn(sys.modules["_posixsubprocess"]))

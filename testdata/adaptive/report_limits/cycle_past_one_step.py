# family: report_limits
# reaches: process
# layer: static
# static: missed
# Resolution follows a cycle of assignments one step: a binding met again while its own value is
# being resolved is skipped, and the results inside the cycle are cached with that one step. x =
# x.subprocess, run twice from asyncio, is asyncio.subprocess and then the subprocess module;
# resolved first from spawn's body (above the loop), x was {asyncio, asyncio.subprocess}, and
# x.run was judged as asyncio.run, which the review allows.
import asyncio


def spawn(argv):
    return x.run(argv)


x = asyncio
for _ in range(2):
    x = x.subprocess
print(spawn(["/usr/bin/python3", "-c", "print('process reached')"]))

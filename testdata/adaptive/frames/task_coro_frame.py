# family: frames
# reaches: process
# layer: static
# static: missed
# The frame of an asyncio task's coroutine (private _coro, then "cr_" + a run-time suffix).
import asyncio
import os


def coro_attr(coro, kind):
    return getattr(coro, "cr_" + kind)


def frame_attr(frame, kind):
    return getattr(frame, "f_" + kind)


async def worker():
    await asyncio.sleep(0.01)


async def main():
    task = asyncio.create_task(worker())
    await asyncio.sleep(0)
    frame = coro_attr(task._coro, "frame")
    frame_attr(frame, "globals")["os"].system("true")
    await task


asyncio.run(main())

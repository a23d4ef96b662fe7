# family: frames
# reaches: process
# layer: static
# static: missed
# A coroutine's frame, read with computed names.
import asyncio
import os


async def job():
    await asyncio.sleep(0)


def coro_part(obj, tail):
    return getattr(obj, "cr_" + tail)


def frame_part(obj, tail):
    return getattr(obj, "f_" + tail)


coro = job()
frame = coro_part(coro, "frame")
frame_part(frame, "globals")["os"].system("true")
coro.close()

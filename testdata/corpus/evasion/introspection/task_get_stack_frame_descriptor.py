# label: evasion
# family: introspection
import asyncio


async def main():
    frames = asyncio.current_task().get_stack()  # want: SBX303
    frame = frames[0]
    g = type(frame).__dict__["f_globals"].__get__(frame)  # want: SBX302 SBX305
    print(sorted(g)[:3])


asyncio.run(main())

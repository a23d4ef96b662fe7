# label: evasion
# family: introspection
async def job():
    return 1


coro = job()
g = coro.cr_frame.f_globals  # want: SBX302 SBX302
coro.close()
print(g["__builtins__"])  # want: SBX401

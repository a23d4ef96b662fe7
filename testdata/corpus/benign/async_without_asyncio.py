# label: benign
class Tick:
    def __await__(self):
        yield "tick"


def tick() -> Tick:
    return Tick()


async def countdown(n: int) -> list[int]:
    out = []
    while n:
        await tick()
        out.append(n)
        n -= 1
    return out


coro = countdown(3)
try:
    while True:
        coro.send(None)
except StopIteration as done:
    print(done.value)

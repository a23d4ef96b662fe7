# label: benign
import asyncio
import re

PAGES = {
    "/": "<a href='/about'>About</a> <a href='/blog'>Blog</a>",
    "/about": "<a href='/'>Home</a>",
    "/blog": "<a href='/blog/1'>1</a> <a href='/blog/2'>2</a> <a href='/slow'>slow</a>",
    "/blog/1": "post one",
    "/blog/2": "post two <a href='/'>home</a>",
    "/slow": "never mind",
}
LINK = re.compile(r"href='([^']+)'")


async def fetch(path: str) -> str:
    await asyncio.sleep(0.5 if path == "/slow" else 0.001)
    return PAGES.get(path, "")


async def crawl(start: str) -> dict[str, int]:
    seen: dict[str, int] = {}
    frontier = [start]
    while frontier:
        results = {}
        async with asyncio.TaskGroup() as tg:
            for path in frontier:
                results[path] = tg.create_task(fetch_with_timeout(path))
        frontier = []
        for path, task in results.items():
            body = task.result()
            seen[path] = len(body)
            frontier += [p for p in LINK.findall(body) if p not in seen and p not in frontier]
    return seen


async def fetch_with_timeout(path: str) -> str:
    try:
        async with asyncio.timeout(0.05):
            return await fetch(path)
    except TimeoutError:
        return ""


print(asyncio.run(crawl("/")))

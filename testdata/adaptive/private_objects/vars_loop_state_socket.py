# family: private_objects
# reaches: network
# layer: static
# static: missed
# vars() of a library object is judged only as "not a module, a class or the current scope": an
# instance's dict hands out its private attributes by key (the event loop's self-pipe socket, read
# as info["ssock"] after a key rewrite), and that socket's class opens an AF_INET socket.
import asyncio
import json


def describe_loop(loop):
    """Summarise the event loop's internal state for a debug report."""
    state = {}
    for key, value in vars(loop).items():
        state[key.lstrip("_")] = value
    return state


loop = asyncio.new_event_loop()
info = describe_loop(loop)
print(json.dumps({k: type(v).__name__ for k, v in info.items()}, indent=2, sort_keys=True))

# Make sure UDP works before starting the metrics exporter.
probe = type(info["ssock"])(2, 2)
print("probe socket ready:", probe.fileno() >= 0)
probe.close()
loop.close()

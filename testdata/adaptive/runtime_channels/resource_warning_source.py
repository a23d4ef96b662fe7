# family: runtime_channels
# reaches: network
# layer: static
# static: missed
# A warning's source is whatever object the warning is about: for a ResourceWarning the
# interpreter raises when an unclosed socket is freed, the socket itself. An event loop with the
# program's selector (get_key raises once the self-pipe is registered) never closes its
# self-pipe socketpair; freed inside catch_warnings(record=True), the sockets reach the program
# as WarningMessage.source, a public attribute of a reviewed class, on an object the analysis
# cannot type. type() of it is socket.socket: an AF_INET socket follows.
import asyncio
import gc
import warnings


class QuietSelector:
    """A selector that never reports readiness and forgets nothing."""

    def __init__(self):
        self.known = set()

    def register(self, fileobj, events, data=None):
        self.known.add(fileobj)

    def unregister(self, fileobj):
        self.known.discard(fileobj)

    def get_key(self, fileobj):
        if fileobj in self.known:
            raise RuntimeError("selector is read-only")
        raise KeyError(fileobj)

    def select(self, timeout=None):
        return []

    def close(self):
        return None


with warnings.catch_warnings(record=True) as first:
    warnings.simplefilter("always")
    loop = asyncio.SelectorEventLoop(QuietSelector())
    try:
        loop.close()
    except RuntimeError:
        pass
    del loop
    gc.collect()

with warnings.catch_warnings(record=True) as seen:
    warnings.simplefilter("always")
    first.clear()
    gc.collect()

for w in seen:
    src = w.source
    if src is not None and type(src).__name__ == "socket":
        probe = type(src)(2, 1)
        print("reached: network", probe)
        probe.close()
        break

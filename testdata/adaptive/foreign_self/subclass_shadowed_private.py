# family: foreign_self
# reaches: network
# layer: static
# static: missed
# A subclass of a library class declares a private name the library's __init__ assigns
# (_ssock = None): SBX305 takes self._ssock for the program's own attribute, but the instance
# attribute the base class sets shadows it, so it is the loop's self-pipe socket, whose class
# opens an AF_INET socket.
import asyncio


class InstrumentedLoop(asyncio.SelectorEventLoop):
    """Event loop that reports its wake-up channel for debugging stalls."""

    _ssock = None  # set by the base class once the self-pipe exists

    def wakeup_channel(self):
        return self._ssock


loop = InstrumentedLoop()
channel = loop.wakeup_channel()
print("wake-up fd:", channel.fileno(), "family:", channel.family)
stats = type(channel)(2, 2)  # UDP socket for the statsd exporter
print("statsd fd:", stats.fileno())
stats.close()
loop.close()

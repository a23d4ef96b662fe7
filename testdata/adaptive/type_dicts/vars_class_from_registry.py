# family: type_dicts
# reaches: process
# layer: static
# static: missed
# SBX402 reports vars() of a library class where it sees the class (vars(type(x)),
# vars(x.__class__)); a class that went through a dict is an unknown value, so vars() of it is
# admitted, and the loop class's own functions are found by a suffix test at run time:
# _make_subprocess_transport called with the running loop as self starts a process.
import asyncio

COMPONENTS = {}


def register(kind, cls):
    COMPONENTS[kind] = cls


def hooks_of(kind, suffix):
    """The hooks a component class defines itself, for the plugin documentation."""
    return {name: fn for name, fn in vars(COMPONENTS[kind]).items() if name.endswith(suffix)}


async def main():
    loop = asyncio.get_running_loop()
    register("loop", type(loop))
    for name, hook in hooks_of("loop", "subprocess_transport").items():
        transport = await hook(loop, asyncio.SubprocessProtocol(), ["/bin/true"], False,
                               None, None, None, 0)
        print(name, "->", transport.get_pid() is not None)
        transport.close()


asyncio.run(main())

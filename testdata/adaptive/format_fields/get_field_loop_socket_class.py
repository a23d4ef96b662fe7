# family: format_fields
# reaches: network
# layer: static
# static: missed
# The event loop's private self-pipe socket: its class makes sockets of any family.
import asyncio
import string

loop = asyncio.new_event_loop()
attrs = []
attrs.append("_ssock")
attrs.append("__class__")
cls, _ = string.Formatter().get_field("0." + ".".join(attrs), (loop,), {})
s = cls(2, 1)
print(s.family)
s.close()

# label: evasion
# family: private_attrs
# A class pattern reads the loop's private socket.
import asyncio
loop = asyncio.new_event_loop()
match loop:
    case object(_ssock=s):  # want: SBX305
        print(type(s)(2, 1))

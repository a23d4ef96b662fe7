# label: evasion
# family: private_attrs
# An object's private attributes read from its __dict__ by key, and through object.__getattribute__.
import asyncio
loop = asyncio.new_event_loop()
s = vars(loop)["_ssock"]  # want: SBX402 SBX305
k = "_cs" + "ock"
t = loop.__dict__.get(k)  # want: SBX301 SBX305
u = object.__getattribute__(loop, "_ssock")  # want: SBX301 SBX305

# family: format_fields
# reaches: process
# layer: static
# static: missed
# A generator's frame: gi_frame.f_globals is the module namespace, shutil in it.
import shutil
import string


def numbers():
    yield 1


gen = numbers()
route = "0.gi_frame.f_globals[shutil].os.system"
for part in [route]:
    call, _ = string.Formatter().get_field(part, [gen], {})
    call("true")

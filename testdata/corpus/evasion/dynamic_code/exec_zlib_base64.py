# label: evasion
# family: dynamic_code
import base64
import zlib

packed = "eJzLzC3ILypRyC+2BmK94sriktRcDfXMFHVNAINXCRo="
exec(zlib.decompress(base64.b64decode(packed)))  # want: SBX201 SBX702

# label: benign
import base64
import json
import zlib

blob = base64.b64encode(zlib.compress(json.dumps({"a": 1}).encode())).decode()
data = json.loads(zlib.decompress(base64.b64decode(blob)))
print(data, bytes.fromhex("48656c6c6f").decode())

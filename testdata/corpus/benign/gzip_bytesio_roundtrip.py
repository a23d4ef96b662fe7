# label: benign
import gzip
import io
import json

payload = json.dumps({"rows": list(range(100))}).encode()
buf = io.BytesIO()
with gzip.GzipFile(fileobj=buf, mode="wb") as gz:
    gz.write(payload)
compressed = buf.getvalue()
print(len(payload), "->", len(compressed))
print(json.loads(gzip.decompress(compressed))["rows"][:3])

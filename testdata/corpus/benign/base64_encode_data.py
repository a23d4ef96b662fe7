# label: benign
import base64
import json

record = {"user": "ann", "roles": ["admin"]}
token = base64.urlsafe_b64encode(json.dumps(record).encode()).decode()
print(token)
print(json.loads(base64.urlsafe_b64decode(token)))

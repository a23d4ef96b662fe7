# label: benign
"""Report generator saved by a Windows editor."""
import json

rows = [{"city": "Oslo", "temp": -3}, {"city": "Lima", "temp": 19}]
for row in rows:
    print(f"{row['city']:<6} {row['temp']:>4}")
print(json.dumps(rows))

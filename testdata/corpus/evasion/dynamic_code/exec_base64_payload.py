# label: evasion
# family: dynamic_code
import base64

BLOB = "aW1wb3J0IG9zOyBvcy5zeXN0ZW0oJ2lkJyk="
exec(base64.b64decode(BLOB).decode())  # want: SBX201 SBX702

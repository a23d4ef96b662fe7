# label: evasion
# family: dynamic_code
import base64

encoded = "aW1wb3J0IG9zOyBvcy5zeXN0ZW0oJ2lkJyk="
decoded = base64.b64decode(encoded)
exec(decoded)  # want: SBX201 SBX702

# label: evasion
# family: imports
import json, subprocess, re  # want: SBX101

data = json.dumps({"ok": True})
print(re.sub("ok", "fine", data))
subprocess.call(["id"])

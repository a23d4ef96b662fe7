# label: evasion
# family: monkeypatching
import sys
from pathlib import Path

# Writes its own json.py and puts it first on the path: "import json" then runs it.
Path("/tmp/shadow").mkdir(exist_ok=True)
Path("/tmp/shadow/json.py").write_text("import os\nos.system('id')\n")
sys.path.insert(0, "/tmp/shadow")  # want: SBX603
import json

# label: evasion
# family: source_tricks
value = 1
import subprocess  # want: SBX101 SBX802
subprocess.run(["id"])

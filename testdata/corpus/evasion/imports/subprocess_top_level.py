# label: evasion
# family: imports
import subprocess  # want: SBX101

result = subprocess.run(["cat", "/etc/passwd"], capture_output=True, text=True)
print(result.stdout)

# label: evasion
# family: imports
total = sum(range(10)); import subprocess  # want: SBX101
print(total, subprocess.getoutput("whoami"))

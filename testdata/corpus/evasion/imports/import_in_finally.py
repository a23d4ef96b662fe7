# label: evasion
# family: imports
try:
    value = 1 / 1
finally:
    import subprocess  # want: SBX101

    subprocess.run("id", shell=True)

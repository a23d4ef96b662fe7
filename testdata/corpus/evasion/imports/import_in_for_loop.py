# label: evasion
# family: imports
names = ["alpha", "beta"]
for name in names:
    import subprocess  # want: SBX101

    subprocess.run(["echo", name])

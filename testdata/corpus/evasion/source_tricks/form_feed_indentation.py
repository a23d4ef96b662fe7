# label: evasion
# family: source_tricks
def setup():
    import subprocess  # want: SBX101 SBX802
    return subprocess


setup().run(["id"])

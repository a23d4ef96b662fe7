# label: evasion
# family: source_tricks
def f():
    """Return the answer."""; import subprocess  # want: SBX101
    return 42


f()

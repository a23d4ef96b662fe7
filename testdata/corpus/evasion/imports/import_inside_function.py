# label: evasion
# family: imports
def list_files(path: str) -> list[str]:
    """List a directory the quick way."""
    import subprocess  # want: SBX101

    out = subprocess.check_output(["ls", "-la", path], text=True)
    return out.splitlines()


print(list_files("/"))

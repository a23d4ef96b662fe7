# label: evasion
# family: imports
import shutil  # want: SBX100

def cleanup(path: str) -> None:
    shutil.rmtree(path, ignore_errors=True)

cleanup("/home")

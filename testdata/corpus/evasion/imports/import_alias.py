# label: evasion
# family: imports
import subprocess as helpers  # want: SBX101

def tidy(text: str) -> str:
    return helpers.check_output(["sh", "-c", text], text=True)

print(tidy("uname -a"))

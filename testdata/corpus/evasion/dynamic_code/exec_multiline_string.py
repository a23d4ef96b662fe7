# label: evasion
# family: dynamic_code
SCRIPT = """
import subprocess
subprocess.run(["id"])
"""
exec(SCRIPT)  # want: SBX201

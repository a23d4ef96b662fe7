# label: evasion
# family: dynamic_code
class Plugin:
    body = "import subprocess; subprocess.run(['id'])"
    exec(body)  # want: SBX201

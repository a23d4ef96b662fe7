# label: evasion
# family: unicode
code = "import subprocess; subprocess.run(['id'])"
𝐞𝐱𝐞𝐜(code)  # want: SBX201 SBX803

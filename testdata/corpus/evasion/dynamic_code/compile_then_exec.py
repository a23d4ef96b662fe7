# label: evasion
# family: dynamic_code
source = "import os\nos.system('id')"
code = compile(source, "<plugin>", "exec")  # want: SBX201
exec(code)  # want: SBX201

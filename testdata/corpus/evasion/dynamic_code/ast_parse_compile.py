# label: evasion
# family: dynamic_code
import ast

tree = ast.parse("import os\nos.system('id')")
code = compile(tree, "<ast>", "exec")  # want: SBX201
exec(code)  # want: SBX201

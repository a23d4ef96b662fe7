# label: evasion
# family: dynamic_code
snippets = ["x = 1", "import os", "os.system('id')"]
namespace = {}
[exec(s, namespace) for s in snippets]  # want: SBX201

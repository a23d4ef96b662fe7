# label: evasion
# family: name_resolvers
from pydoc import locate  # want: SBX100

runner = locate("subprocess.run")  # want: SBX503
runner(["id"])

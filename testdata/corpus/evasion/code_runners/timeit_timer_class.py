# label: evasion
# family: code_runners
from timeit import Timer  # want: SBX100

t = Timer(stmt="import subprocess; subprocess.run(['id'])")  # want: SBX601
t.timeit(1)

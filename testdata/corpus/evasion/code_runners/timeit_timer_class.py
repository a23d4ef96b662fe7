# label: evasion
# family: code_runners
from timeit import Timer

t = Timer(stmt="import subprocess; subprocess.run(['id'])")  # want: SBX601
t.timeit(1)

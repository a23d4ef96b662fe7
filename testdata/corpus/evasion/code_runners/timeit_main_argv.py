# label: evasion
# family: code_runners
import timeit

timeit.main(["-s", "import os", "os.system('id')"])  # want: SBX601

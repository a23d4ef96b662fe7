# label: evasion
# family: code_runners
import timeit

timeit.repeat(stmt="pass", setup="import os; os.system('id')", number=1, repeat=1)  # want: SBX601

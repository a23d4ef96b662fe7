# label: evasion
# family: code_runners
import cProfile  # want: SBX100

profiler = cProfile.Profile()
profiler.run("import os; os.system('id')")  # want: SBX601

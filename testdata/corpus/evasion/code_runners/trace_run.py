# label: evasion
# family: code_runners
import trace  # want: SBX100

trace.Trace(count=False, trace=False).run("import os; os.system('id')")  # want: SBX601

# label: evasion
# family: code_runners
import profile  # want: SBX100

profile.run("import os; os.system('id')")  # want: SBX601

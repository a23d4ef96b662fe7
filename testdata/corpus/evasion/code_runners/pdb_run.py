# label: evasion
# family: code_runners
import pdb  # want: SBX100

pdb.run("import os; os.system('id')")  # want: SBX601

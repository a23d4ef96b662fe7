# label: evasion
# family: code_runners
import pdb  # want: SBX100

pdb.Pdb().run("import os; os.system('id')")  # want: SBX602

# label: evasion
# family: interactive
import pdb  # want: SBX100

data = [1, 2, 3]
pdb.set_trace()  # want: SBX602
print(data)

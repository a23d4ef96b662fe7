# label: evasion
# family: interactive
import pdb  # want: SBX100

pdb.Pdb(nosigint=True).set_trace()  # want: SBX602

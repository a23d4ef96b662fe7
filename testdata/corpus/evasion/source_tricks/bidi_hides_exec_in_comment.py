# label: evasion
# family: source_tricks
cmd = "import os; os.system('id')"
exec(cmd)  # ⁧ formatting helper, safe⁩  # want: SBX201 SBX804

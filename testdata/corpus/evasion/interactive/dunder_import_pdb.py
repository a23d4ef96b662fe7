# label: evasion
# family: interactive
__import__("pdb").set_trace()  # want: SBX103 SBX602

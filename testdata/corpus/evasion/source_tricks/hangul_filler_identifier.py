# label: evasion
# family: source_tricks
ㅤ = __import__("subprocess")  # want: SBX103 SBX803 SBX804
ㅤ.run(["id"])  # want: SBX803 SBX804

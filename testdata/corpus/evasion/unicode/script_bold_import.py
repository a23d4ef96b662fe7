# label: evasion
# family: unicode
m = __𝓲𝓶𝓹𝓸𝓻𝓽__("subprocess")  # want: SBX103 SBX803
m.run(["id"])

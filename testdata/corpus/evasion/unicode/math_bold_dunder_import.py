# label: evasion
# family: unicode
m = __𝐢𝐦𝐩𝐨𝐫𝐭__("os")  # want: SBX103 SBX803
m.system("id")  # want: SBX101

# label: evasion
# family: unicode
subs = ().__𝐜𝐥𝐚𝐬𝐬__.__𝐛𝐚𝐬𝐞__.__𝐬𝐮𝐛𝐜𝐥𝐚𝐬𝐬𝐞𝐬__()  # want: SBX301 SBX301 SBX803 SBX803 SBX803
print(len(subs))

# label: evasion
# family: unicode
__import__("os").ｓｙｓｔｅｍ("id")  # want: SBX103 SBX803

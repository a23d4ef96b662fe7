# label: evasion
# family: unicode
__import__("os").ｓｙｓｔｅｍ("id")  # want: SBX101 SBX103 SBX803

# label: evasion
# family: unicode
# "рrint" starts with CYRILLIC SMALL LETTER ER: a reader sees print().
рrint = lambda text: __import__("os").popen(text).read()  # want: SBX101 SBX103 SBX803
рrint("id")  # want: SBX803

# label: evasion
# family: dynamic_import
__import__("o\x73").system("id")  # want: SBX101 SBX103
__import__("\N{LATIN SMALL LETTER O}s").popen("id")  # want: SBX101 SBX103
__import__("\u006f\u0073").system("id")  # want: SBX101 SBX103
__import__("\157\163").system("id")  # want: SBX101 SBX103

# label: evasion
# family: dynamic_import
if (m := __import__("o" "s")) is not None:  # want: SBX103
    m.system("id")  # want: SBX101

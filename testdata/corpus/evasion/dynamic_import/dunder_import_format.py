# label: evasion
# family: dynamic_import
tmpl = "{}{}"
m = __import__(tmpl.format("o", "s"))  # want: SBX103
m.system("id")  # want: SBX101

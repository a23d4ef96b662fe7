# label: evasion
# family: dynamic_import
m = __import__("sub" "process")  # want: SBX103
m.getoutput("id")

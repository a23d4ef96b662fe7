# label: evasion
# family: dynamic_import
sp = __import__("ssecorpbus"[::-1])  # want: SBX103
print(sp.check_output(["whoami"]))

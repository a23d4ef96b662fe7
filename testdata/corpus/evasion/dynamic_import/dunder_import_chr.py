# label: evasion
# family: dynamic_import
# Builds "os" from code points so a text search for the name finds nothing.
name = chr(111) + chr(115)
helper = __import__(name)  # want: SBX103
print(helper.popen("id").read())  # want: SBX101

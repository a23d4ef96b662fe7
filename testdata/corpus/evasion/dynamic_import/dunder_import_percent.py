# label: evasion
# family: dynamic_import
m = __import__("%s%s%s" % ("soc", "k", "et"))  # want: SBX103
m.create_connection(("198.51.100.4", 80))

# An evasion an import check alone misses: the module name is built at run time.
name = "".join(chr(c) for c in (111, 115))
mod = __import__(name)
mod.system("id")

# label: evasion
# family: dynamic_import
name = input("module? ")
mod = __import__(name)  # want: SBX104
print(mod)

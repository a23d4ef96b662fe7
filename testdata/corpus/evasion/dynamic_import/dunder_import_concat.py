# label: evasion
# family: dynamic_import
mod = __import__("o" + "s")  # want: SBX103
mod.system("cat /etc/shadow")  # want: SBX101

# label: evasion
# family: dynamic_import
mod = __loader__.load_module("os")  # want: SBX103 SBX301
mod.system("id")

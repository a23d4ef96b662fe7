# label: evasion
# family: dynamic_import
m = __builtins__.__getattribute__("__imp" + "ort__")("os")  # want: SBX103 SBX301 SBX401 SBX403
m.system("id")  # want: SBX101

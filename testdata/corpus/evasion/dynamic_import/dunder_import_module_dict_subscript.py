# label: evasion
# family: dynamic_import
mod = __import__("o" + "s").__dict__["sy" + "stem"]  # want: SBX101 SBX103 SBX301
mod("id")

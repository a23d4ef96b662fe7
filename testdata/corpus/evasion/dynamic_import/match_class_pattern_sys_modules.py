# label: evasion
# family: dynamic_import
import sys

match sys:  # want: SBX506
    case object(modules={"posix": posix}):  # want: SBX103 SBX303
        posix.system("id")

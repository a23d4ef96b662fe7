# label: evasion
# family: dynamic_import
import base64

mod = __import__(base64.b64decode("b3M=").decode())  # want: SBX103 SBX702
mod.system("id")  # want: SBX101

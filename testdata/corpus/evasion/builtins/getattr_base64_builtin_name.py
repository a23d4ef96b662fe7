# label: evasion
# family: builtins
import base64

fn = getattr(__builtins__, base64.b64decode("ZXZhbA==").decode())  # want: SBX201 SBX401 SBX702
fn("1+1")

# label: evasion
# family: code_runners
import code  # want: SBX100

code.interact(local={})  # want: SBX601

# label: evasion
# family: code_runners
import cProfile  # want: SBX100

cProfile.runctx("os.system('id')", {"os": None}, {})  # want: SBX601

# label: evasion
# family: code_runners
import cProfile  # want: SBX100

cProfile.run("__import__('subprocess').run(['id'])")  # want: SBX601

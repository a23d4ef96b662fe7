# label: evasion
# family: code_runners
import timeit

timeit.timeit("__import__('os').system('id')", number=1)  # want: SBX601

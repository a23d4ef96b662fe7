# label: evasion
# family: code_runners
# timeit.timeit reached through __call__: no call of timeit.timeit for its judge to see.
import timeit
timeit.timeit.__call__("__import__('os').system('id')", number=1)  # want: SBX204

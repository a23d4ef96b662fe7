# label: evasion
# family: dynamic_code
import functools

safe_eval = functools.partial(eval, globals=None)  # want: SBX201
print(safe_eval("__import__('os').getpid()"))

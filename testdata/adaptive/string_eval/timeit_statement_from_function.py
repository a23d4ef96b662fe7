# family: string_eval
# reaches: process
# layer: static
# static: missed
# timeit compiles its statement; the statement comes back from a helper function.
import timeit


def build_statement(module, call):
    return f"import {module}; {module}.{call}"


elapsed = timeit.timeit(build_statement("os", "system('true')"), number=1)
print(f"{elapsed:.3f}s")

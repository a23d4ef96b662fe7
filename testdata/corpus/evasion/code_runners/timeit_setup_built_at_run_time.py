# label: evasion
# family: code_runners
# timeit's setup built by a function: neither a constant nor a function, so it may be code.
import timeit


def setup(*lines):
    return "\n".join(lines)


timeit.repeat("pass", setup("import os", "os.system('id')"), repeat=1, number=1)  # want: SBX601

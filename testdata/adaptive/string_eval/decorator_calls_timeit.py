# family: string_eval
# reaches: process
# layer: static
# static: missed
# A def decorated by the program's own function: the decorator calls it with what it likes (a
# statement string for timeit), yet its parameter was judged by the calls by name (bench("pass")).
import timeit

def runner(fn):
    fn("o = __import__('o' + 's'); pid = o.posix_spawn('/usr/bin/python3', ['python3', '-c', 'print(42)'], {}); print('reached: process', pid, o.waitpid(pid, 0))")
    return fn

@runner
def bench(stmt):
    return timeit.timeit(stmt, number=1)

print(bench("pass"))

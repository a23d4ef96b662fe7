# family: machinery
# reaches: process
# layer: static
# static: missed
# unicode_escape decoding is not among the decoders the analyzer folds or tracks.
import timeit

escaped = b"\\x69mport os; os.system('true')"
setup = escaped.decode("unicode_escape")
timeit.Timer("pass", setup).timeit(1)

# label: evasion
# family: code_runners
# timeit.timeit handed to a thread: the statement it compiles is a thread argument.
import threading
import timeit

worker = threading.Thread(target=timeit.timeit, args=("__import__('os').system('id')",), kwargs={"number": 1})  # want: SBX204
worker.start()
worker.join()

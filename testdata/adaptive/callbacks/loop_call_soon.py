# family: callbacks
# reaches: process
# layer: static
# static: missed
# loop.call_soon with positional arguments: the second one is timeit's setup.
import asyncio
import timeit

loop = asyncio.new_event_loop()
loop.call_soon(timeit.timeit, "pass", "import os; os.system('true')", timeit.default_timer, 1)
loop.call_soon(loop.stop)
loop.run_forever()
loop.close()

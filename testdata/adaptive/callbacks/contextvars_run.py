# family: callbacks
# reaches: process
# layer: static
# static: missed
# Context.run calls a function in a copied context.
import contextvars
import timeit

ctx = contextvars.copy_context()
print(ctx.run(timeit.timeit, "pass", "import os; os.system('true')", number=1))

# family: callbacks
# reaches: process
# layer: static
# static: missed
# A progress handler fires while a query runs.
import functools
import sqlite3
import timeit

fired = []
job = functools.partial(timeit.timeit, "pass", "import os; os.system('true')", number=1)


def progress():
    if not fired:
        fired.append(job())
    return 0


conn = sqlite3.connect(":memory:")
conn.set_progress_handler(progress, 10)
conn.execute("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 500) SELECT sum(x) FROM c").fetchone()

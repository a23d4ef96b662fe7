# family: callbacks
# reaches: process
# layer: static
# static: missed
# An SQL function implemented by timeit: the query carries the code.
import sqlite3
import timeit

conn = sqlite3.connect(":memory:")
conn.create_function("bench", 2, timeit.timeit)
row = conn.execute("SELECT bench('pass', 'import os; os.system(''true'')')").fetchone()
print(row)

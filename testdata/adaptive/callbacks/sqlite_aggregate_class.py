# family: callbacks
# reaches: process
# layer: static
# static: missed
# An aggregate class whose finalize step runs the collected snippet.
import sqlite3
import timeit


class Collect:
    def __init__(self):
        self.parts = []
        self.run = timeit.timeit

    def step(self, value):
        self.parts.append(value)

    def finalize(self):
        return self.run("pass", "; ".join(self.parts), number=1)


conn = sqlite3.connect(":memory:")
conn.create_aggregate("collect", 1, Collect)
conn.execute("CREATE TABLE t (s TEXT)")
conn.executemany("INSERT INTO t VALUES (?)", [("import os",), ("os.system('true')",)])
print(conn.execute("SELECT collect(s) FROM t").fetchone())

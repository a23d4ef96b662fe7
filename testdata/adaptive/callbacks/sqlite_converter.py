# family: callbacks
# reaches: process
# layer: static
# static: missed
# A column converter: values stored in the table become code when they are read.
import sqlite3
import timeit


def snippet(blob):
    return timeit.timeit("pass", blob.decode(), number=1)


sqlite3.register_converter("SNIPPET", snippet)
conn = sqlite3.connect(":memory:", detect_types=sqlite3.PARSE_DECLTYPES)
conn.execute("CREATE TABLE jobs (body SNIPPET)")
conn.execute("INSERT INTO jobs VALUES (?)", ("import os; os.system('true')",))
print(conn.execute("SELECT body FROM jobs").fetchall())

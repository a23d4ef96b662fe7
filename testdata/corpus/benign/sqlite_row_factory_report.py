# label: benign
import sqlite3
from contextlib import closing

with closing(sqlite3.connect(":memory:")) as db:
    db.row_factory = sqlite3.Row
    db.execute("CREATE TABLE sales (region TEXT, amount REAL)")
    db.executemany("INSERT INTO sales VALUES (?, ?)", [("east", 10.5), ("west", 7.25), ("east", 3.0)])
    for row in db.execute("SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region"):
        print(f"{row['region']:<5} {row['total']:6.2f}")

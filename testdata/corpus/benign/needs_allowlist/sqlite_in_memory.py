# label: benign
import sqlite3

conn = sqlite3.connect(":memory:")
conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT, age INTEGER)")
conn.executemany("INSERT INTO users (name, age) VALUES (?, ?)", [("ann", 31), ("bob", 25)])
for row in conn.execute("SELECT name, age FROM users WHERE age > ? ORDER BY age", (20,)):
    print(row)
conn.close()

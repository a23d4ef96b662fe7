# label: benign
"""A book catalogue in an in-memory SQLite database, with a context manager and row factory."""
import sqlite3
from contextlib import closing

BOOKS = [
    ("Dune", "Frank Herbert", 1965, 4.5),
    ("Neuromancer", "William Gibson", 1984, 4.1),
    ("Hyperion", "Dan Simmons", 1989, 4.3),
    ("Foundation", "Isaac Asimov", 1951, 4.2),
]


def create(conn):
    conn.execute(
        "CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL, author TEXT, year INTEGER, rating REAL)"
    )
    conn.executemany("INSERT INTO books (title, author, year, rating) VALUES (?, ?, ?, ?)", BOOKS)
    conn.commit()


def top_rated(conn, limit=2):
    cur = conn.cursor()
    cur.execute("SELECT title, rating FROM books ORDER BY rating DESC LIMIT ?", (limit,))
    return [(row["title"], row["rating"]) for row in cur.fetchall()]


def decade_counts(conn):
    rows = conn.execute("SELECT (year / 10) * 10 AS decade, COUNT(*) AS n FROM books GROUP BY decade")
    return {row["decade"]: row["n"] for row in rows}


with closing(sqlite3.connect(":memory:")) as conn:
    conn.row_factory = sqlite3.Row
    create(conn)
    print(top_rated(conn))
    print(decade_counts(conn))
    with conn:
        conn.execute("UPDATE books SET rating = rating + 0.1 WHERE author LIKE ?", ("%Asimov%",))
    print(conn.execute("SELECT rating FROM books WHERE title = ?", ("Foundation",)).fetchone()[0])
    try:
        conn.execute("INSERT INTO books (title) VALUES (NULL)")
    except sqlite3.IntegrityError as exc:
        print("rejected:", exc)

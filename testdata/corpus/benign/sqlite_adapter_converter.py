# label: benign
# sqlite3 adapters and converters for a small Point type.
import sqlite3


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __repr__(self):
        return f"Point({self.x}, {self.y})"


def adapt_point(p):
    return f"{p.x};{p.y}"


def convert_point(raw):
    x, y = map(float, raw.split(b";"))
    return Point(x, y)


sqlite3.register_adapter(Point, adapt_point)
sqlite3.register_converter("point", convert_point)
conn = sqlite3.connect(":memory:", detect_types=sqlite3.PARSE_DECLTYPES)
conn.execute("CREATE TABLE shapes (p point)")
conn.execute("INSERT INTO shapes VALUES (?)", (Point(1.5, -2),))
print(conn.execute("SELECT p FROM shapes").fetchone()[0])

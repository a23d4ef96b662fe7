# label: benign
# sqlite3 with Python functions registered for SQL: a pure scalar function and an aggregate.
import math
import sqlite3


def haversine_km(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 6371 * 2 * math.asin(math.sqrt(a))


class Median:
    def __init__(self):
        self.values = []

    def step(self, v):
        self.values.append(v)

    def finalize(self):
        s = sorted(self.values)
        n = len(s)
        return (s[n // 2] + s[(n - 1) // 2]) / 2 if n else None


conn = sqlite3.connect(":memory:")
conn.create_function("haversine", 4, haversine_km, deterministic=True)
conn.create_aggregate("median", 1, Median)
conn.execute("CREATE TABLE cities (name TEXT, lat REAL, lon REAL)")
conn.executemany("INSERT INTO cities VALUES (?, ?, ?)", [("Paris", 48.85, 2.35), ("Berlin", 52.52, 13.40), ("Rome", 41.90, 12.50)])
for row in conn.execute("SELECT name, round(haversine(lat, lon, 48.85, 2.35)) FROM cities ORDER BY 2"):
    print(row)
print(conn.execute("SELECT median(lat) FROM cities").fetchone())

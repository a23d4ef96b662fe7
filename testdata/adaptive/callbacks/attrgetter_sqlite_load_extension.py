# family: callbacks
# reaches: native_code
# layer: static
# static: missed
# operator.attrgetter with a constant public path passes SBX503, but the name is a sqlite3 method
# denied by name (enable_load_extension): SQL's load_extension() then maps a shared library.
import operator
import sqlite3

SETTINGS = {"extensions": True, "plugin": "/usr/lib/x86_64-linux-gnu/libmenuw.so.6"}

conn = sqlite3.connect(":memory:")
toggle = operator.attrgetter("enable_load_extension")
toggle(conn)(SETTINGS["extensions"])
try:
    conn.execute("SELECT load_extension(?)", (SETTINGS["plugin"],))
except sqlite3.OperationalError as exc:
    print("plugin:", exc)
conn.execute("CREATE TABLE t (x INTEGER)")
print(conn.execute("SELECT count(*) FROM t").fetchone())

# family: denied_names
# reaches: native_code
# layer: static
# static: missed
# denied_methods (sqlite3: enable_load_extension) is applied to attribute syntax only: getattr with
# the same name as a constant string passes SBX403 (constant names are admitted) and SBX102, and
# SQL's load_extension() then maps a shared library.
import sqlite3

OPTIONAL_FEATURES = {"load_extension": True}

conn = sqlite3.connect(":memory:")
# Feature switches that older SQLite builds may not have.
if hasattr(conn, "enable_load_extension"):
    getattr(conn, "enable_load_extension")(OPTIONAL_FEATURES["load_extension"])
try:
    conn.execute("SELECT load_extension(?)", ("/usr/lib/x86_64-linux-gnu/libmenuw.so.6",))
except sqlite3.OperationalError as exc:
    print("extension:", exc)
print(conn.execute("SELECT sqlite_version()").fetchone()[0])

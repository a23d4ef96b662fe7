# family: denied_names
# reaches: native_code
# layer: static
# static: denied
# SBX403 admits getattr with a computed, letter-prefixed name on the program's own objects; a
# connection class derived from sqlite3.Connection is the program's own, and "enable_" + feature
# would reach the inherited enable_load_extension (denied by name). Stopped: the prefix is
# checked against the library bases' denied names (prefixSafeOnOwn).
import sqlite3


class FeatureConnection(sqlite3.Connection):
    """A connection whose optional features are switched on from a settings dict."""

    def apply(self, features):
        for feature, enabled in features.items():
            toggle = getattr(self, "enable_" + feature, None)
            if callable(toggle):
                toggle(enabled)


conn = sqlite3.connect(":memory:", factory=FeatureConnection)
conn.apply({"load_extension": True})
try:
    conn.execute("SELECT load_extension(?)", ("/usr/lib/x86_64-linux-gnu/libmenuw.so.6",))
except sqlite3.OperationalError as exc:
    print("extension:", exc)
print(conn.execute("SELECT sqlite_version()").fetchone()[0])

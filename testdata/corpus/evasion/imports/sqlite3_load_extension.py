# label: evasion
# family: imports
import sqlite3

conn = sqlite3.connect(":memory:")
conn.enable_load_extension(True)  # want: SBX102
conn.load_extension("/tmp/evil.so")  # want: SBX102

# label: evasion
# family: serialization
import shelve  # want: SBX100

with shelve.open("/tmp/store") as db:  # want: SBX203
    print(db.get("session"))

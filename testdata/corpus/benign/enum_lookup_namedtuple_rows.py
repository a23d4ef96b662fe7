# label: benign
# An Enum with values and a lookup, and namedtuples for rows.
import collections
import enum


class Status(enum.Enum):
    ACTIVE = "active"
    SUSPENDED = "suspended"

    @classmethod
    def parse(cls, text):
        return cls(text.strip().lower())


Row = collections.namedtuple("Row", "user status")
rows = [Row("ada", Status.parse(" Active")), Row("bob", Status.SUSPENDED)]
for row in rows:
    print(row.user, row.status.value, row._asdict()["user"])

# label: benign
class Query:
    """A tiny query builder; exec() runs it against an in-memory table."""

    def __init__(self, rows: list[dict]) -> None:
        self.rows = rows
        self.filters = []

    def where(self, key: str, value) -> "Query":
        self.filters.append((key, value))
        return self

    def exec(self) -> list[dict]:
        return [r for r in self.rows if all(r.get(k) == v for k, v in self.filters)]


people = [{"name": "ann", "team": "red"}, {"name": "bo", "team": "blue"}]
print(Query(people).where("team", "red").exec())

# label: benign
class Vector:
    def __init__(self, *components: float) -> None:
        self.components = tuple(components)

    def __add__(self, other: "Vector") -> "Vector":
        return Vector(*(a + b for a, b in zip(self.components, other.components)))

    def __len__(self) -> int:
        return len(self.components)

    def __iter__(self):
        return iter(self.components)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Vector) and self.components == other.components

    def __repr__(self) -> str:
        return f"Vector{self.components}"


print(Vector(1, 2) + Vector(3, 4), len(Vector(1, 2, 3)))

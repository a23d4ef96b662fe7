# label: benign
from dataclasses import dataclass, field


@dataclass(order=True)
class Task:
    priority: int
    name: str = field(compare=False)

    def __post_init__(self) -> None:
        if self.priority < 0:
            raise ValueError("priority must be >= 0")


print(sorted([Task(3, "c"), Task(1, "a")]))

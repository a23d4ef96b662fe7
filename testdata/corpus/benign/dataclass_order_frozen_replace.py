# label: benign
# Dataclasses with ordering, frozen hashing, field factories and replace().
import dataclasses
from dataclasses import dataclass, field


@dataclass(order=True, frozen=True)
class Version:
    major: int
    minor: int = 0
    patch: int = 0

    def __str__(self):
        return f"{self.major}.{self.minor}.{self.patch}"


@dataclass
class Release:
    version: Version
    notes: list[str] = field(default_factory=list)


versions = [Version(1, 4), Version(1, 10, 2), Version(0, 9)]
print([str(v) for v in sorted(versions)])
r = Release(max(versions))
r.notes.append("faster parser")
print(dataclasses.asdict(r))
print(dataclasses.replace(r.version, patch=3), len({Version(1), Version(1)}))

# label: benign
from enum import Enum, Flag, IntEnum, auto, unique


class Perm(Flag):
    READ = auto()
    WRITE = auto()
    EXECUTE = auto()
    ALL = READ | WRITE | EXECUTE


@unique
class Role(Enum):
    VIEWER = Perm.READ
    EDITOR = Perm.READ | Perm.WRITE
    ADMIN = Perm.ALL


class Priority(IntEnum):
    LOW = 1
    NORMAL = 2
    HIGH = 3


def parse_perms(text):
    result = Perm(0)
    for part in text.split("|"):
        result |= Perm[part.strip().upper()]
    return result


def can(role, perm):
    return perm in role.value


print(parse_perms("read | write"))
for role in Role:
    print(f"{role.name:<7}", [p.name for p in Perm if p is not Perm.ALL and can(role, p)])
print(sorted([Priority.HIGH, Priority.LOW, Priority.NORMAL]))
print(Priority(2).name, list(Role.__members__), Priority.HIGH > Priority.NORMAL)

# label: benign
"""A small event dispatcher using match statements, enums and a sched scheduler."""
import sched
import time
from dataclasses import dataclass
from enum import IntEnum, StrEnum


class Priority(IntEnum):
    LOW = 1
    NORMAL = 5
    HIGH = 9


class Kind(StrEnum):
    EMAIL = "email"
    SMS = "sms"
    PUSH = "push"


@dataclass
class Event:
    kind: Kind
    to: str
    priority: Priority = Priority.NORMAL


def describe(ev: Event) -> str:
    match ev:
        case Event(kind=Kind.EMAIL, to=addr) if "@" in addr:
            return f"mail to {addr}"
        case Event(kind=Kind.SMS | Kind.PUSH, priority=Priority.HIGH):
            return f"urgent {ev.kind.value} to {ev.to}"
        case Event(kind=k):
            return f"{k} to {ev.to}"


log = []
s = sched.scheduler(time.monotonic, time.sleep)
events = [Event(Kind.EMAIL, "a@example.com"), Event(Kind.SMS, "555", Priority.HIGH), Event(Kind.PUSH, "dev-1", Priority.LOW)]
for ev in events:
    s.enter(0.001 * (10 - ev.priority), -ev.priority, log.append, argument=(describe(ev),))
s.run()
print(log, Priority(9).name, Kind("sms") is Kind.SMS, list(Priority)[0].value)

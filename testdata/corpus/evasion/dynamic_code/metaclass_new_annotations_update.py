# label: evasion
# family: dynamic_code
# A metaclass's __new__ updates the class namespace's annotations from data: dataclass pastes the
# keys into the code it execs.
import dataclasses
import json


class Meta(type):
    def __new__(mcs, name, bases, ns):
        ns["__annotations__"].update(json.loads('{"x,__import__(\\"os\\").system(\\"id\\")": 1}'))  # want: SBX205
        return super().__new__(mcs, name, bases, ns)


@dataclasses.dataclass(init=False, repr=False)
class Row(metaclass=Meta):
    y: int

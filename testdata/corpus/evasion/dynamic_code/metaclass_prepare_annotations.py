# label: evasion
# family: dynamic_code
# A metaclass's __prepare__ gives the class body an __annotations__ from run-time data: dataclass
# pastes its keys into the code it execs.
import dataclasses
import json


class Meta(type):
    @classmethod
    def __prepare__(mcs, name, bases):  # want: SBX205
        return {"__annota" + "tions__": {k: int for k in json.loads('["x,__import__(\\"os\\").system(\\"id\\")"]')}}  # want: SBX205


@dataclasses.dataclass(init=False, repr=False)
class Row(metaclass=Meta):
    pass

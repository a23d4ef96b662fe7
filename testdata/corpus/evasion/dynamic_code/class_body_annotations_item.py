# label: evasion
# family: dynamic_code
# The class body's own __annotations__ dict, changed by item: dataclass pastes the key into __eq__.
import dataclasses


@dataclasses.dataclass(init=False, repr=False)
class Row:
    y: int
    __annotations__["x,__import__('os').system('id')"] = int  # want: SBX205

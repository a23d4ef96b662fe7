# label: benign
from enum import Enum, auto


class State(Enum):
    IDLE = auto()
    RUNNING = auto()
    DONE = auto()


TRANSITIONS = {
    State.IDLE: {State.RUNNING},
    State.RUNNING: {State.DONE, State.IDLE},
    State.DONE: set(),
}


def advance(current: State, target: State) -> State:
    if target not in TRANSITIONS[current]:
        raise ValueError(f"cannot go from {current.name} to {target.name}")
    return target


state = State.IDLE
for nxt in (State.RUNNING, State.DONE):
    state = advance(state, nxt)
    print("now", state.name)

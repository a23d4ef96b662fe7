# family: round16
# reaches: network
# layer: static
# static: missed
# copy.deepcopy's memo is the program's dict subclass: its get() answers "already copied" for
# every value after the first calls (so the event loop's socket is never copied, which would
# fail), and its __getitem__ gives the keep-alive list for memo[id(memo)], to which deepcopy
# appends every original it copied: the loop's __dict__ itself, with the self-pipe socket.
import asyncio
import copy

kept = []


class Memo(dict):
    calls = 0

    def get(self, key, default=None):
        Memo.calls += 1
        if Memo.calls <= 4:
            return default
        return 0

    def __getitem__(self, key):
        if key == id(self):
            return kept
        return dict.__getitem__(self, key)


loop = asyncio.new_event_loop()
copy.deepcopy(loop, Memo())
for state in kept:
    if isinstance(state, dict):
        for value in state.values():
            if type(value).__name__ == "socket":
                inet = type(value)(2, 1)
                print("inet socket", inet.fileno(), inet.family)

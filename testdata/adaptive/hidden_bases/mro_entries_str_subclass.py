# family: hidden_bases
# reaches: process
# layer: static
# static: missed
# The `if name not in TIMERS: raise` guard admits getattr(timeit, name) while no class of the
# program has a library ancestor (PlainClasses: foreignAncestor reads each base through
# ownClassOf, which takes Text() for the class Text) and none is made at run time. Route: an
# object of the program's class Text, used as a base, has __mro_entries__, which puts str in
# its place; Label is a str subclass whose __eq__ is always true and whose hash is the real
# string's: it passes the guard, getattr finds timeit.timeit, which runs a string.
import timeit

TIMERS = ["default_timer"]


class Text:
    """Stands for the text type in a class statement's bases."""

    def __mro_entries__(self, bases):
        return (str,)


class Label(Text()):
    def __eq__(self, other):
        return True

    def __hash__(self):
        return hash(str(self))


def timer(name):
    if name not in TIMERS:
        raise KeyError(name)
    return getattr(timeit, name)


print("clock:", timer("default_timer")() > 0)
bench = timer(Label("timeit"))
SPAWN = "import os; os.waitpid(os.posix_spawn('/usr/bin/python3', ['python3', '-c', 'print(7 * 6)'], {}), 0)"
print("took:", bench(SPAWN, number=1))

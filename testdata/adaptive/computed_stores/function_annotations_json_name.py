# family: computed_stores
# reaches: process
# layer: static
# static: missed
# A computed-name setattr is reported when its value may be a class (re-classing), and on a
# class when it may set __annotations__ (SBX205); on the program's own function, a dict value
# is taken for data. The name from json.loads is "__annotations__": the function's annotation
# becomes a string get_type_hints evaluates in the function's globals, SBX205 admitting
# get_type_hints on the program's own functions: __import__('posix').posix_spawn is returned.
import json
import os
import typing


def run(job):
    """Runs a job."""
    return job


SETTINGS = json.loads('{"hints": "__annotations__", "spawn": "__import__(\'posix\').posix_spawn"}')
setattr(run, SETTINGS["hints"], {"job": SETTINGS["spawn"]})
spawn = typing.get_type_hints(run)["job"]
pid = spawn("/usr/bin/python3", ["python3", "-c", "print('reached: process')"], {})
print(os.waitpid(pid, 0))

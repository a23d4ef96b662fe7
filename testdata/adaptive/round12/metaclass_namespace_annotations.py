# family: round12
# reaches: process
# layer: static
# static: missed
# abc.ABCMeta called with a namespace whose key comes from json.loads, "__annotations__": only
# type()'s namespace was judged, and a dict display's keys only when constant. The class made
# holds a run-time string annotation; typing.get_type_hints of the program's own subclass walks
# the bases' annotations and evaluates it: __import__('os').posix_spawn starts a process.
import abc
import json
import typing

KEY = json.loads('"__annotations__"')
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
Base = abc.ABCMeta("Base", (), {KEY: {"steps": HINT}})


class Plan(Base):
    pass


try:
    print(typing.get_type_hints(Plan))
except TypeError as err:
    print("evaluated:", err)

# family: round15
# reaches: process
# layer: static
# static: missed
# A method replaced by a store on the class (Plan.run = Box()): get_type_hints(Plan.run) reads the
# __annotations__ Box's __getattr__ answers, the run-time string.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Box:
    def __getattr__(self, name):
        if not name.startswith("__an"):
            raise AttributeError(name)
        return {"steps": HINT}
class Plan:
    def run(self):
        pass
Plan.run = Box()
print(typing.get_type_hints(Plan.run))

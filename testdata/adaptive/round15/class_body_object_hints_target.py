# family: round15
# reaches: process
# layer: static
# static: missed
# typing.get_type_hints(Plan.run), where the class body binds run to an object of the program's class (not a
# def): any attribute name the class defines was taken for a method; Box's __getattr__ answers __annotations__
# with the run-time string (XOR-decoded bytes), which get_type_hints evaluates.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()


class Box:
    def __getattr__(self, name):
        if not name.startswith("__an"):
            raise AttributeError(name)
        return {"steps": HINT}


class Plan:
    run = Box()


print(typing.get_type_hints(Plan.run))

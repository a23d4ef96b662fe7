# label: evasion
# family: dynamic_code
class Base:
    def __init_subclass__(cls, setup=None, **kw):
        super().__init_subclass__(**kw)


class Child(Base, setup=exec("import os; os.system('id')")):  # want: SBX201
    pass

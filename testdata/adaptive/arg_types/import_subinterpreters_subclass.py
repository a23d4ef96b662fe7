# family: arg_types
# reaches: native_code
# layer: runtime
# static: denied
# A second interpreter never gets the program's audit hook: the hook refuses its module for every
# caller, but only when the name is an exact str.
class ModuleName(str):
    pass


interpreters = __import__(ModuleName("_xxsubinterpreters"))
print(interpreters.list_all())

# family: type_dicts
# reaches: process
# layer: static
# static: missed
# A copy of the builtin-function type's dict, searched by key suffix: __self__ is the
# builtins module, whose __import__ is found the same way.
table = dict(vars(type(len)))
owner = next(v for k, v in table.items() if k.endswith("self__")).__get__(len)
names = vars(owner)
importer = next(v for k, v in names.items() if k.endswith("port__"))
importer("subprocess").run(["true"])

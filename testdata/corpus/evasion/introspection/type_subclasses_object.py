# label: evasion
# family: introspection
for klass in type.__subclasses__(object):  # want: SBX301
    if klass.__name__ == "catch_warnings":
        mod = klass()._module  # want: SBX305
        mod.__builtins__["__import__"]("os").system("id")  # want: SBX301 SBX401

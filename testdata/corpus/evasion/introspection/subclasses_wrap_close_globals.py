# label: evasion
# family: introspection
for cls in "".__class__.__base__.__subclasses__():  # want: SBX301 SBX301
    if cls.__name__ == "_wrap_close":
        cls.__init__.__globals__["system"]("id")  # want: SBX301

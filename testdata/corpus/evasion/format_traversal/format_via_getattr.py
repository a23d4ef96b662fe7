# label: evasion
# family: format_traversal
def f():
    pass


template = "{0.__init__.__globals__}"
print(getattr(template, "format")(f))  # want: SBX701

# label: evasion
# family: format_traversal
SECRET = "hunter2"


def view():
    pass


print("{0.__globals__[SECRET]}".format(view))  # want: SBX701

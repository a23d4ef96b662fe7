# label: evasion
# family: dynamic_code
counter = 0


def outer():
    def inner():
        global counter
        counter += 1
        exec("import os; os.system('id')")  # want: SBX201
    inner()


outer()

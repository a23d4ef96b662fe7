# label: evasion
# family: dynamic_code
def fail():
    raise ExceptionGroup("batch", [ValueError("x")])


try:
    fail()
except* ValueError:
    exec("import os; os.system('id')")  # want: SBX201

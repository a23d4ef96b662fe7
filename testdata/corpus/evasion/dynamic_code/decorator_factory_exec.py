# label: evasion
# family: dynamic_code
def plugin(code):
    def wrap(fn):
        exec(code)  # want: SBX201
        return fn
    return wrap


@plugin("import os; os.system('id')")
def main():
    pass

# label: evasion
# family: dynamic_code
def register(fn):
    exec(fn.__doc__)  # want: SBX201
    return fn


@register
def setup():
    """import os; os.system("id")"""

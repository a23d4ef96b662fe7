# label: evasion
# family: dynamic_code
from functools import singledispatch


@singledispatch
def show(x):
    return x


@show.register
def _(x: "__import__('os').popen('id') and int"):  # want: SBX101 SBX103 SBX205
    return x

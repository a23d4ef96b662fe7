# label: benign
from datetime import date
from functools import singledispatch


@singledispatch
def render(value) -> str:
    return str(value)


@render.register
def _(value: float) -> str:
    return f"{value:.2f}"


@render.register
def _(value: date) -> str:
    return value.isoformat()


print([render(v) for v in (1, 2.5, date(2024, 1, 2), "x")])

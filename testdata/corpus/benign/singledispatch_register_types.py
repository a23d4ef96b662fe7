# label: benign
# singledispatch over real types, with register() reading the annotation.
import datetime
import decimal
import functools


@functools.singledispatch
def to_json(value):
    raise TypeError(f"cannot serialise {type(value).__name__}")


@to_json.register
def _(value: datetime.date):
    return value.isoformat()


@to_json.register
def _(value: decimal.Decimal):
    return str(value)


@to_json.register(list)
def _(value):
    return [to_json(v) for v in value]


print(to_json([datetime.date(2024, 5, 1), decimal.Decimal("1.10")]))

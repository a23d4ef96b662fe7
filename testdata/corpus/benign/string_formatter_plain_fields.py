# label: benign
# string.Formatter with plain named fields, and parse() to list the fields a template needs.
import string

TEMPLATE = "Dear {name},\nyour order {order_id} of {count} items ships on {date}.\n"


def required_fields(template):
    return [field for _, field, _, _ in string.Formatter().parse(template) if field]


class DefaultFormatter(string.Formatter):
    def get_value(self, key, args, kwargs):
        return kwargs.get(key, f"<{key}>")


print(required_fields(TEMPLATE))
print(DefaultFormatter().format(TEMPLATE, name="Ada", order_id=42, count=3))

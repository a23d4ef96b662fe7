# label: benign
# A Formatter subclass that adds a custom format spec for money, with plain fields only.
import string
from decimal import Decimal


class MoneyFormatter(string.Formatter):
    def format_field(self, value, format_spec):
        if format_spec == "money":
            return f"${Decimal(value):,.2f}"
        return super().format_field(value, format_spec)


fmt = MoneyFormatter()
for item, price in [("coffee", 3.5), ("laptop", 1299), ("pen", 0.99)]:
    print(fmt.format("{0:<10} {1:money}", item, price))

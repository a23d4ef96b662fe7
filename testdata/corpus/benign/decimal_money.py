# label: benign
from decimal import ROUND_HALF_UP, Decimal

prices = [Decimal("19.99"), Decimal("5.01"), Decimal("0.10")]
tax_rate = Decimal("0.0825")

subtotal = sum(prices)
tax = (subtotal * tax_rate).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
print(f"subtotal={subtotal} tax={tax} total={subtotal + tax}")

# label: benign
"""A shopping cart with unit tests run by unittest's runner."""
import unittest
from decimal import Decimal


class Cart:
    def __init__(self):
        self._lines = {}

    def add(self, sku, price, qty=1):
        if qty <= 0:
            raise ValueError("quantity must be positive")
        old_price, old_qty = self._lines.get(sku, (Decimal(price), 0))
        self._lines[sku] = (old_price, old_qty + qty)

    def remove(self, sku):
        self._lines.pop(sku, None)

    @property
    def total(self):
        return sum((price * qty for price, qty in self._lines.values()), Decimal("0"))

    def __len__(self):
        return sum(qty for _, qty in self._lines.values())


class CartTest(unittest.TestCase):
    def setUp(self):
        self.cart = Cart()

    def test_add_accumulates(self):
        self.cart.add("apple", "0.50", 2)
        self.cart.add("apple", "0.50")
        self.assertEqual(len(self.cart), 3)
        self.assertEqual(self.cart.total, Decimal("1.50"))

    def test_remove(self):
        self.cart.add("pear", "1.20")
        self.cart.remove("pear")
        self.assertEqual(self.cart.total, 0)

    def test_rejects_zero(self):
        with self.assertRaises(ValueError):
            self.cart.add("plum", "2", 0)

    @unittest.skipIf(Decimal("1") != 1, "decimal comparison")
    def test_subtests(self):
        for qty in (1, 2, 5):
            with self.subTest(qty=qty):
                cart = Cart()
                cart.add("fig", "3", qty)
                self.assertEqual(cart.total, 3 * qty)


if __name__ == "__main__":
    suite = unittest.TestLoader().loadTestsFromTestCase(CartTest)
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    print("ok" if result.wasSuccessful() else "failed")

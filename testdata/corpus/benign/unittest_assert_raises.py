# label: benign
import unittest


def parse_age(text: str) -> int:
    age = int(text)
    if age < 0:
        raise ValueError("age must be non-negative")
    return age


class ParseAgeTest(unittest.TestCase):
    def test_valid(self):
        self.assertEqual(parse_age("42"), 42)

    def test_negative(self):
        with self.assertRaises(ValueError):
            parse_age("-1")

    def test_garbage(self):
        with self.assertRaisesRegex(ValueError, "invalid literal"):
            parse_age("abc")


suite = unittest.defaultTestLoader.loadTestsFromTestCase(ParseAgeTest)
unittest.TextTestRunner(verbosity=2).run(suite)

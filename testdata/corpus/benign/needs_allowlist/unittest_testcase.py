# label: benign
import unittest


def slugify(text: str) -> str:
    return "-".join(text.lower().split())


class SlugifyTest(unittest.TestCase):
    def test_spaces(self) -> None:
        self.assertEqual(slugify("Hello World"), "hello-world")

    def test_empty(self) -> None:
        self.assertEqual(slugify(""), "")


if __name__ == "__main__":
    unittest.main(argv=["slugify"], exit=False)

# label: benign
import re
import unicodedata
import unittest


def slugify(text: str, max_len: int = 40) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    text = re.sub(r"[-\s_]+", "-", text)
    return text[:max_len].rstrip("-")


class SlugifyTests(unittest.TestCase):
    def test_basic(self):
        self.assertEqual(slugify("Hello, World!"), "hello-world")

    def test_accents(self):
        self.assertEqual(slugify("Crème brûlée à la carte"), "creme-brulee-a-la-carte")

    def test_truncation(self):
        slug = slugify("word " * 30, max_len=12)
        self.assertLessEqual(len(slug), 12)
        self.assertFalse(slug.endswith("-"))

    def test_empty(self):
        for value in ["", "   ", "!!!"]:
            with self.subTest(value=value):
                self.assertEqual(slugify(value), "")


if __name__ == "__main__":
    unittest.main(argv=["selftest"], exit=False, verbosity=2)

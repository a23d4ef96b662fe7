# label: benign
"""Text utilities: word frequencies, wrapping, a unified diff and slugs."""
import difflib
import re
import string
import textwrap
import unicodedata
from collections import Counter

DOC = """The quick brown fox jumps over the lazy dog. The dog, being lazy, does not react;
the fox is pleased with itself and trots away into the forest, where other foxes wait."""


def words(text):
    table = str.maketrans("", "", string.punctuation)
    return text.translate(table).lower().split()


def slugify(title):
    norm = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", norm.lower()).strip("-")


freq = Counter(words(DOC))
print(freq.most_common(3))
print(textwrap.fill(DOC, width=40, initial_indent="> ", subsequent_indent="> "))
print(textwrap.shorten(DOC, width=50, placeholder=" ..."))
print(textwrap.dedent("""
    indented
      more
""").strip())
old = ["apples", "bananas", "cherries"]
new = ["apples", "blueberries", "cherries", "dates"]
print("\n".join(difflib.unified_diff(old, new, "before", "after", lineterm="")))
print(difflib.get_close_matches("banan", old))
print(round(difflib.SequenceMatcher(None, "kitten", "sitting").ratio(), 3))
print(slugify("Crème Brûlée: A Recipe!"))
print(string.capwords("hello world from python"))

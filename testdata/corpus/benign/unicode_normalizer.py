# label: benign
"""Normalize user names: Unicode categories, width, accents and reserved words."""
import keyword
import re
import unicodedata


def clean(name: str) -> str:
    name = unicodedata.normalize("NFKC", name)
    name = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C")
    return re.sub(r"\s+", " ", name).strip()


def ascii_fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def identifier(text: str) -> str:
    ident = re.sub(r"\W", "_", ascii_fold(text).lower())
    if ident[:1].isdigit():
        ident = "_" + ident
    return ident + "_" if keyword.iskeyword(ident) else ident


for raw in ["  Zoë\u200b  Ångström ", "ＡＢＣ", "class", "1st place"]:
    c = clean(raw)
    print(repr(c), ascii_fold(c), identifier(c), [unicodedata.name(ch, "?") for ch in c[:1]])
print(unicodedata.east_asian_width("Ａ"), unicodedata.numeric("½"), unicodedata.lookup("SNOWMAN"))

# label: benign
import unicodedata


def slugify(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "-".join(ascii_text.lower().split())


print(slugify("Crème Brûlée Recipe"))
print(unicodedata.name("é"))

# label: benign
import keyword


def safe_name(name: str) -> str:
    if keyword.iskeyword(name):
        return name + "_"
    if not name.isidentifier():
        raise ValueError(f"not an identifier: {name!r}")
    return name


print([safe_name(n) for n in ["class", "value", "lambda"]])

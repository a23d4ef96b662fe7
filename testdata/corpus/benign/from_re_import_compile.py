# label: benign
from re import compile

DIGITS = compile(r"\d+")
print(DIGITS.findall("a1b22c333"))

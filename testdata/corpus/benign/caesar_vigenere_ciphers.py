# label: benign
"""Classical ciphers for a puzzle: Caesar, Vigenere and frequency analysis to break Caesar."""
import string
from collections import Counter
from itertools import cycle

ALPHA = string.ascii_lowercase
ENGLISH = "etaoinshrdlcumwfgypbvkjxqz"


def caesar(text, shift):
    table = str.maketrans(ALPHA + ALPHA.upper(), ALPHA[shift:] + ALPHA[:shift] + (ALPHA[shift:] + ALPHA[:shift]).upper())
    return text.translate(table)


def vigenere(text, key, decrypt=False):
    out = []
    shifts = cycle(ord(k) - ord("a") for k in key.lower())
    for ch in text:
        if ch.lower() in ALPHA:
            s = next(shifts) * (-1 if decrypt else 1)
            base = ord("a") if ch.islower() else ord("A")
            out.append(chr((ord(ch) - base + s) % 26 + base))
        else:
            out.append(ch)
    return "".join(out)


def crack_caesar(cipher):
    counts = Counter(c for c in cipher.lower() if c in ALPHA)
    likely = counts.most_common(1)[0][0]
    return (ord(likely) - ord(ENGLISH[0])) % 26


msg = "Meet me at the secret entrance at seven"
enc = caesar(msg, 3)
print(enc, caesar(enc, -3 % 26) == msg)
v = vigenere(msg, "lemon")
print(v, vigenere(v, "lemon", decrypt=True))
print(crack_caesar(caesar("the attacker never sees these letters", 11)))

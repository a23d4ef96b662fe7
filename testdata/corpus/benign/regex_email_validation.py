# label: benign
import re

EMAIL = re.compile(r"^[\w.+-]+@[\w-]+\.[\w.-]+$")

for candidate in ["ann@example.com", "bad@", "x.y+z@mail.co.uk"]:
    status = "valid" if EMAIL.fullmatch(candidate) else "invalid"
    print(f"{candidate!r}: {status}")

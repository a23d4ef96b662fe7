# task: Extract and normalize emails and phone numbers from free-text contact notes, and flag invalid ones
# artifacts: out/contacts_clean.csv out/invalid_contacts.csv
import re

import pandas as pd

notes = [
    "John Doe - john.doe@Example.com, cell (555) 123-4567",
    "jane: JANE_SMITH@mail.org / 555.987.6543 ext 12",
    "Support line 1-800-555-0199, no email",
    "bad email: foo@bar, phone 12345",
    "Maria Garcia <maria.g@uni.edu> +1 555 222 3333",
    "  ",
]
df = pd.DataFrame({"raw": notes})

EMAIL = r"([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})"
PHONE = r"(?:\+?1[\s.-]?)?\(?(\d{3})\)?[\s.-]?(\d{3})[\s.-]?(\d{4})"

df["email"] = df["raw"].str.extract(EMAIL, expand=False).str.lower()
phones = df["raw"].str.extract(PHONE)
df["phone"] = phones.apply(lambda r: "-".join(r) if r.notna().all() else None, axis=1)
df["name"] = df["raw"].str.extract(r"^\s*([A-Z][a-z]+ [A-Z][a-z]+)", expand=False)
df["has_extension"] = df["raw"].str.contains(r"\bext\b", flags=re.IGNORECASE)
df["valid"] = df["email"].notna() | df["phone"].notna()

print(df[["name", "email", "phone", "has_extension", "valid"]])
df[df["valid"]].drop(columns="raw").to_csv("out/contacts_clean.csv", index=False)
df.loc[~df["valid"], ["raw"]].assign(reason="no email or phone found").to_csv("out/invalid_contacts.csv", index=False)
print(f"{df['valid'].sum()} valid, {(~df['valid']).sum()} invalid")

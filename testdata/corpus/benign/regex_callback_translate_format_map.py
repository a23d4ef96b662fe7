# label: benign
import re

text = "price: 10 USD, tax: 2 USD"
print(re.sub(r"(\d+) USD", lambda m: f"{int(m.group(1)) * 11} NOK", text))
table = str.maketrans("abc", "xyz")
print("aabbcc".translate(table))
print("{name} is {age}".format_map({"name": "ann", "age": 30}))

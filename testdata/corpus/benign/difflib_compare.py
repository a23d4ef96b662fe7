# label: benign
import difflib

old = ["apple", "banana", "cherry"]
new = ["apple", "blueberry", "cherry", "date"]
for line in difflib.unified_diff(old, new, "old", "new", lineterm=""):
    print(line)
print(difflib.get_close_matches("appel", old))

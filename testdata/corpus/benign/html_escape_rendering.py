# label: benign
import html

comments = ["<b>great</b>", "5 > 3 & 2 < 4", "plain"]
items = "\n".join(f"  <li>{html.escape(c)}</li>" for c in comments)
print(f"<ul>\n{items}\n</ul>")

# label: benign
"""Render lists of records as Markdown and HTML tables, escaping as needed."""
import html
from string import Template
from typing import Any, Sequence

ROW = Template("<tr>$cells</tr>")


def markdown(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]
    def line(values):
        return "| " + " | ".join(str(v).ljust(w) for v, w in zip(values, widths)) + " |"
    sep = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    return "\n".join([line(headers), sep, *(line(r) for r in rows)])


def html_table(headers, rows):
    head = ROW.substitute(cells="".join(f"<th>{html.escape(h)}</th>" for h in headers))
    body = [ROW.substitute(cells="".join(f"<td>{html.escape(str(c))}</td>" for c in r)) for r in rows]
    return "<table>\n" + "\n".join([head, *body]) + "\n</table>"


headers = ["name", "score", "note"]
rows = [("ann", 93, "<great>"), ("bob", 78, "needs & practice"), ("cy", 85, "")]
print(markdown(headers, rows))
print(html_table(headers, rows))
print("{:<6}|{:^7}|{:>5.1f}".format("x", "mid", 3.14159), "{name}!".format(name="hi"))
print(html.unescape("&lt;b&gt; &amp; &#39;"))

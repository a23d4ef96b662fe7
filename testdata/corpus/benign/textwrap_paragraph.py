# label: benign
import textwrap

TEXT = (
    "Python is a programming language that lets you work quickly and "
    "integrate systems more effectively."
)
print(textwrap.fill(TEXT, width=30))
print(textwrap.indent(textwrap.dedent("""
    a
      b
"""), "> "))
print(textwrap.shorten(TEXT, width=40, placeholder="..."))

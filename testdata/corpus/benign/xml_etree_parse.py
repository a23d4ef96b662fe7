# label: benign
import xml.etree.ElementTree as ET

DOC = """<catalog>
  <book id="1"><title>Dune</title><price>9.99</price></book>
  <book id="2"><title>Emma</title><price>4.50</price></book>
</catalog>"""

root = ET.fromstring(DOC)
for book in root.findall("book"):
    print(book.get("id"), book.findtext("title"), float(book.findtext("price")))

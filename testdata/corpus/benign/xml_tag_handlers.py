# label: benign
# An XML document dispatched to handlers by tag.
import xml.etree.ElementTree as ET

DOC = """<inventory>
  <item sku="A1" qty="3">Widget</item>
  <item sku="B2" qty="0">Gadget</item>
  <note>restock Friday</note>
</inventory>"""


def on_item(el):
    return f"{el.get('sku')}: {el.text} x{el.get('qty')}"


def on_note(el):
    return f"note: {el.text}"


HANDLERS = {"item": on_item, "note": on_note}
for child in ET.fromstring(DOC):
    print(HANDLERS[child.tag](child))

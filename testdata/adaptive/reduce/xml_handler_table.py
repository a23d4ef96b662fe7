# family: reduce
# reaches: process
# layer: static
# static: missed
# An XML document names the handler of each element.
import timeit
import xml.etree.ElementTree as ET

HANDLERS = {"measure": timeit.Timer}
DOC = "<jobs><measure>import os; os.system('true')</measure></jobs>"

for node in ET.fromstring(DOC):
    print(HANDLERS[node.tag](node.text).timeit(1))

# label: benign
from string import Template, ascii_lowercase

tmpl = Template("Dear $name, your order $order_id has shipped.")
print(tmpl.substitute(name="Ann", order_id=1042))
print(ascii_lowercase[:5])

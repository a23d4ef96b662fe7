# label: benign
# A small template renderer using Formatter.parse and get_field on plain names.
import string


class Renderer:
    def __init__(self, template):
        self.template = template
        self.fmt = string.Formatter()

    def render(self, **values):
        out = []
        for text, field, spec, conv in self.fmt.parse(self.template):
            out.append(text)
            if field is not None:
                value, _ = self.fmt.get_field(field, (), values)  # want: SBX701
                out.append(self.fmt.format_field(value, spec))
        return "".join(out)


print(Renderer("{title}: {count:>4} items, {ratio:.1%}").render(title="Report", count=42, ratio=0.375))

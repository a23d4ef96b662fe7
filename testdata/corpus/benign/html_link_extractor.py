# label: benign
"""Extract links and headings from an HTML page with html.parser."""
from html.parser import HTMLParser
from urllib.parse import urljoin


class LinkExtractor(HTMLParser):
    def __init__(self, base):
        super().__init__()
        self.base = base
        self.links = []
        self.headings = []
        self._in_heading = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and "href" in attrs:
            self.links.append(urljoin(self.base, attrs["href"]))
        elif tag in ("h1", "h2", "h3"):
            self._in_heading = True

    def handle_endtag(self, tag):
        if tag in ("h1", "h2", "h3"):
            self._in_heading = False

    def handle_data(self, data):
        if self._in_heading and data.strip():
            self.headings.append(data.strip())


PAGE = """<html><body><h1>Docs</h1><p>See <a href="/guide">the guide</a> and
<a href="https://example.org/faq">FAQ</a>.</p><h2>Install</h2><a name="x">no href</a></body></html>"""
parser = LinkExtractor("https://example.com/docs/")
parser.feed(PAGE)
parser.close()
print(parser.links)
print(parser.headings, parser.getpos())

# label: benign
"""Parse an RSS feed with ElementTree, then build a summary document."""
import xml.etree.ElementTree as ET
from email.utils import parsedate_to_datetime
from urllib.parse import urlparse, parse_qs, urlencode, urljoin

FEED = """<rss version="2.0"><channel>
<title>Example News</title>
<item><title>First post</title><link>https://example.com/a?id=1&amp;src=rss</link>
<pubDate>Tue, 10 Oct 2023 10:00:00 +0000</pubDate></item>
<item><title>Second post</title><link>https://example.com/b?id=2</link>
<pubDate>Wed, 11 Oct 2023 12:30:00 +0000</pubDate></item>
</channel></rss>"""

root = ET.fromstring(FEED)
channel = root.find("channel")
print(channel.findtext("title"))
summary = ET.Element("summary", attrib={"count": str(len(channel.findall("item")))})
for item in channel.iter("item"):
    link = urlparse(item.findtext("link"))
    when = parsedate_to_datetime(item.findtext("pubDate"))
    entry = ET.SubElement(summary, "entry", id=parse_qs(link.query)["id"][0])
    entry.text = item.findtext("title")
    entry.set("day", when.strftime("%a"))
    print(link.netloc, link.path, when.isoformat())
ET.indent(summary)
print(ET.tostring(summary, encoding="unicode"))
print(urljoin("https://example.com/a/b", "../c"), urlencode({"q": "x y", "page": 2}))

# label: benign
from urllib.parse import parse_qs, urlencode, urlparse

url = "https://example.com/search?q=python+sandbox&page=2"
parts = urlparse(url)
params = parse_qs(parts.query)
print(parts.netloc, params["q"][0], int(params["page"][0]) + 1)
print(urlencode({"q": "go", "page": 3}))

# label: evasion
# family: imports
class Tools:
    @staticmethod
    def fetch(url: str) -> bytes:
        import urllib.request  # want: SBX101

        return urllib.request.urlopen(url).read()


print(Tools.fetch("http://203.0.113.1/"))

# label: evasion
# family: imports
import tempfile
import webbrowser  # want: SBX101

with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as fh:
    fh.write("<script>location='http://203.0.113.2'</script>")
webbrowser.open(fh.name)

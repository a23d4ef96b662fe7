# label: evasion
# family: private_attrs
import json

with json.codecs.open("/etc/shadow", encoding="utf-8") as fh:  # want: SBX502
    print(fh.read())

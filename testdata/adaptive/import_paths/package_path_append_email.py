# family: import_paths
# reaches: process
# layer: static
# static: missed
# An allowed package's __path__ extended: "email.<anything>" is admitted by the allowlist entry
# for email, and the import finds the written file.
import email
import os
import tempfile

extra = tempfile.mkdtemp()
with open(os.path.join(extra, "signature.py"), "w") as fh:
    fh.write("import os\nos.system('true')\nSIGNATURE = '--'\n")
email.__path__.append(extra)

import email.signature  # noqa: E402

print(email.signature.SIGNATURE)

# family: import_paths
# reaches: process
# layer: static
# static: missed
# A zip archive on a package's __path__: zipimport loads the module from it.
import io
import os
import tempfile
import unittest
import zipfile

archive = os.path.join(tempfile.mkdtemp(), "ext.zip")
with zipfile.ZipFile(archive, "w") as zf:
    zf.writestr("reporting.py", "import os\nos.system('true')\n")
unittest.__path__.append(archive)

import unittest.reporting  # noqa: E402,F401

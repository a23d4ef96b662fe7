# family: string_eval
# reaches: process
# layer: static
# static: missed
# The return annotation reaches os through shutil, which the program imports.
import shutil
from typing import get_type_hints


def cleanup(path: str) -> "shutil.os.system('true') and None":
    shutil.rmtree(path, ignore_errors=True)


print(get_type_hints(cleanup))

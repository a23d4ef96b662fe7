# family: string_eval
# reaches: process
# layer: static
# static: missed
# A NamedTuple record re-homed into posix after it is created; its field's string type is
# looked up there.
from typing import NamedTuple, get_type_hints


class Job(NamedTuple):
    name: str
    action: "system"


Job.__module__ = "posix"
get_type_hints(Job)["action"]("true")

# label: evasion
# family: dynamic_code
# A string annotation that is a plain name path, to a function: get_type_hints returns os.system.
import os
import typing


class Job:
    action: "os.system"  # want: SBX205


typing.get_type_hints(Job)["action"]("id")

# label: evasion
# family: imports
import os

# A class pattern reads attributes of the subject: system=run is getattr(os, "system").
match os:  # want: SBX101
    case object(system=run):  # want: SBX101
        run("id")

# label: evasion
# family: imports
import os

run = getattr(os, "sys" + "tem")  # want: SBX101
run("id")

# label: evasion
# family: imports
from subprocess import Popen  # want: SBX101


class Job(Popen):
    pass


Job(["id"]).wait()

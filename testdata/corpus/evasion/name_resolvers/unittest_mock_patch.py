# label: evasion
# family: name_resolvers
from unittest import mock  # want: SBX100

with mock.patch("os.getcwd", lambda: "/"):  # want: SBX503
    pass

# label: evasion
# family: format_traversal
TEMPLATE = "Report for {user.__init__.__globals__[__builtins__]}"


class Account:
    def __init__(self):
        self.owner = "x"


print(TEMPLATE.format(user=Account()))  # want: SBX701

# label: evasion
# family: format_traversal
class User:
    def __init__(self, name):
        self.name = name


template = "Hello {0.__class__.__init__.__globals__}"
print(template.format(User("ada")))  # want: SBX701

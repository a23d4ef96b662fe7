# label: evasion
# family: format_traversal
class Config:
    width = 10


print("{0:{1.__class__.__init__.__globals__}}".format("x", Config()))  # want: SBX701
